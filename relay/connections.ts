// The relay's HTTP server: request timeouts, the connection cap (shedding the socket that proved
// least first), and errors turned into answers.
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, requestTimeouts, sendError } from '../kit/http';
import type { RelayContext, SocketState } from './relay-context';
import type { Router } from './routes/router';

function shedFor(ctx: RelayContext, incoming: Socket): void {
  const pick = (test: (state: SocketState) => boolean) => {
    for (const [socket, state] of ctx.sockets) if (test(state)) return socket;
    return undefined;
  };
  const victim =
    pick((state) => !state.trusted && !state.busy) ??
    pick((state) => state.trusted && !state.busy) ??
    pick((state) => !state.trusted && state.busy);
  ctx.metrics.shed.inc({ victim: victim ? 'older' : 'incoming' });
  ctx.log('shed', `${ctx.sockets.size} connections open (the cap): shedding one`);
  (victim ?? incoming).destroy();
}

export function createRelayServer(ctx: RelayContext, route: Router): Server {
  const maxConnections = ctx.options.maxConnections ?? 20_000;
  const requestTimeoutMs = ctx.options.requestTimeoutMs ?? 10_000;
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      ...requestTimeouts(requestTimeoutMs),
    },
    (req, res) => {
      const socket = req.socket;
      const state = ctx.sockets.get(socket);
      if (state) state.busy = true;
      res.once('finish', () => {
        if (state) state.busy = false;
        // Once shutting down, a keep-alive connection ends after its answer so close() can finish.
        if (ctx.closing) socket.end();
      });
      route(req, res).catch((error: unknown) => {
        if (error instanceof HttpError) {
          sendError(res, error);
          if (error.status === 413) res.once('finish', () => req.destroy());
          return;
        }
        ctx.log('request', `${req.method} request failed: ${(error as Error).message}`);
        sendError(res, new HttpError(503, 'The relay could not handle this request; retry later.'));
      });
    },
  );
  server.on('connection', (socket: Socket) => {
    if (ctx.sockets.size >= maxConnections) shedFor(ctx, socket);
    if (socket.destroyed) return;
    ctx.sockets.set(socket, { trusted: false, busy: false });
    socket.once('close', () => ctx.sockets.delete(socket));
  });
  return server;
}
