// The door of every terminal call to the delivery service (setup and the proxy): the terminal's
// key, its share of the courier-call rate, and a relay that holds delivery credentials at all.
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../../kit/http';
import type { DriveDeps } from '../drive/merchant-webhooks';
import type { RelayContext } from '../relay-context';
import type { Terminal } from '../store/event-store';
import { authenticate } from './terminals';

export async function driveCaller(
  ctx: RelayContext,
  req: IncomingMessage,
): Promise<{ terminal: Terminal; drive: DriveDeps }> {
  const terminal = await authenticate(ctx, req);
  const wait = ctx.driveLimiter.take(terminal.id);
  if (wait > 0)
    throw new HttpError(429, `This terminal key calls too often; retry in ${wait} s.`, {
      headers: { 'Retry-After': String(wait) },
    });
  const drive = ctx.drive;
  if (drive === null)
    throw new HttpError(503, 'This relay holds no delivery credentials (no credentials key).');
  return { terminal, drive };
}
