// The relay's HTTP server: request timeouts, the connection cap, and errors turned into answers.
//
// At the cap a new connection sheds the socket that has proven nothing for the longest (no
// verified webhook, no valid terminal key), whatever it is doing (silent, slow headers, a slow
// body), taken from the address that holds the most such sockets (unproven-sockets.ts). A genuine
// sender proves itself within milliseconds and holds one or two sockets, so a flood, however
// fast it reconnects, sheds its own; only when no unproven socket is left does an idle proven
// one go, and only then the new connection.
// Terminals (polls and their calls) may hold at most the cap less the webhook reserve: the rest
// stays for webhook intake, so polls can never crowd the platform's notifications out.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { HttpError, requestTimeouts, sendError } from '../kit/http';
import type { RelayContext } from './relay-context';
import type { Router } from './routes/router';

function victimFor(ctx: RelayContext): Socket | undefined {
  const unproven = ctx.connections.unproven.nextVictim();
  if (unproven !== undefined) return unproven;
  for (const [socket, state] of ctx.sockets) if (!state.busy) return socket;
  return undefined;
}

function shedFor(ctx: RelayContext, incoming: Socket): void {
  const victim = victimFor(ctx);
  const unproven = victim !== undefined && ctx.connections.unproven.has(victim);
  ctx.metrics.shed.inc({
    victim: victim === undefined ? 'incoming' : unproven ? 'unproven' : 'idle',
  });
  ctx.log('shed', `${ctx.sockets.size} connections open (the cap): shedding one`);
  (victim ?? incoming).destroy();
}

function forget(ctx: RelayContext, socket: Socket): void {
  const state = ctx.sockets.get(socket);
  if (state?.proven === 'terminal') ctx.connections.terminals -= 1;
  ctx.sockets.delete(socket);
  ctx.connections.unproven.delete(socket);
  // A long-poll still waiting: its client went away.
  state?.poll?.left();
}

export function createRelayServer(ctx: RelayContext, route: Router): Server {
  const requestTimeoutMs = ctx.options.requestTimeoutMs ?? 10_000;
  // One listener shared by every response and one by every socket ('finish' and 'close' come
  // once each): a closure, or once()'s wrapper, per request costs bytes on every open poll.
  function answered(this: ServerResponse): void {
    const socket = this.req.socket;
    const state = ctx.sockets.get(socket);
    if (state) state.busy = false;
    // Once shutting down, a keep-alive connection ends after its answer so close() can finish.
    if (ctx.closing) socket.end();
  }
  function closed(this: Socket): void {
    forget(ctx, this);
  }
  const server = createServer(
    {
      keepAliveTimeout: 5_000,
      ...requestTimeouts(requestTimeoutMs),
    },
    (req, res) => {
      const state = ctx.sockets.get(req.socket);
      if (state) state.busy = true;
      res.on('finish', answered);
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
    if (ctx.sockets.size >= ctx.connections.max) shedFor(ctx, socket);
    if (socket.destroyed) return;
    ctx.sockets.set(socket, { proven: null, busy: false, poll: null });
    ctx.connections.unproven.add(socket);
    socket.on('close', closed);
  });
  return server;
}
