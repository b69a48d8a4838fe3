// A TCP proxy in front of the relay for one terminal only: it passes bytes both ways until cut,
// then resets every connection it holds and each new one at once (as a dead Wi-Fi link or a
// firewall would), on the same port, until restored.
import type { AddressInfo, Socket } from 'node:net';
import { connect, createServer } from 'node:net';

export type TcpCut = {
  url: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
};

export const startTcpCut = async (target: string): Promise<TcpCut> => {
  const upstream = new URL(target);
  const open = new Set<Socket>();
  let broken = false;
  const server = createServer((client) => {
    if (broken) {
      client.resetAndDestroy();
      return;
    }
    const out = connect(Number(upstream.port), upstream.hostname);
    open.add(client);
    open.add(out);
    const drop = (): void => {
      open.delete(client);
      open.delete(out);
      client.destroy();
      out.destroy();
    };
    client.on('error', drop).on('close', drop);
    out.on('error', drop).on('close', drop);
    client.pipe(out);
    out.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      broken = true;
      for (const socket of open) socket.resetAndDestroy();
      open.clear();
    },
    restore: () => {
      broken = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
