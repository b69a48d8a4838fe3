// The polling terminals of the relay benchmark, in their own process so the relay's memory and
// CPU figures are the relay's alone. Driven over IPC by relay.bench.ts.
//
// One process plays a thousand terminals, so its own cost per answer is charged to the latency of
// every terminal read after it: with node:http's client (an agent, a request object, parsers and
// events per poll) it cost several hundred microseconds, and a wave of 1,000 answers took the
// client, not the relay, more than a second. Each terminal is therefore a bare keep-alive socket
// speaking just the HTTP/1.1 the relay answers polls with (status line, Content-Length, body),
// timestamped when the last byte of its answer arrives, its parsing and next poll deferred until
// every answer that arrived together is timestamped.
import { connect, type Socket } from 'node:net';

type Command =
  | {
      cmd: 'open';
      /** Terminal i polls urls[i % urls.length]. */
      urls: string[];
      keys: string[];
      wait: number;
      rampBatch: number;
      /** Pause after a failed poll (default 1 s). */
      retryMs?: number;
      /**
       * Each terminal's first poll asks for an answer at once (wait=0), its later ones wait: the
       * count of terminals answered once tells the server has taken every terminal in, which a
       * count of polls sent does not.
       */
      answerFirst?: boolean;
    }
  | { cmd: 'collect' }
  /** The counters alone (polls in flight, answers, errors), receipts left in place. */
  | { cmd: 'count' }
  | { cmd: 'stop' };

const now = () => performance.timeOrigin + performance.now();
const receipts: [string, number][] = [];
const counters = { answers: 0, errors: 0, inFlight: 0, answeredOnce: 0 };
/**
 * The errors by what they were, so a run's refusals explain themselves: "first poll" (the
 * terminal had no answer yet: still getting in) or "long poll", then "HTTP <status>: <the
 * relay's message>" or "cut (<the socket's error code>)".
 */
const errorsBy = new Map<string, number>();
const terminals: Terminal[] = [];
let stopping = false;
let retryMs = 1000;

const HEADER_END = Buffer.from('\r\n\r\n');

type Terminal = {
  host: string;
  port: number;
  key: string;
  wait: number;
  /** The long poll's wait, once the first poll (wait=0 with answerFirst) was answered. */
  longWait: number;
  after: number;
  socket: Socket | null;
  /** Bytes of the answer in progress. */
  chunks: Buffer[];
  size: number;
  /** Header length and body length once the header is complete. */
  headerLength: number;
  bodyLength: number;
  status: number;
  /** The relay said Connection: close (shutting down): the next poll opens a new socket. */
  closeAfter: boolean;
  waiting: boolean;
  /** The code of the socket's last error (ECONNRESET...), if any. */
  socketError: string | null;
};

function countError(terminal: Terminal, what: string): void {
  counters.errors += 1;
  const key = `${terminal.wait === terminal.longWait ? 'long poll' : 'first poll'} ${what}`;
  errorsBy.set(key, (errorsBy.get(key) ?? 0) + 1);
}

/** ": " and the `message` of a JSON error body (the relay's), else the body's start; "" for none. */
const messageOf = (body: Buffer): string => {
  const text = body.toString();
  if (text === '') return '';
  try {
    return `: ${String((JSON.parse(text) as { message?: unknown }).message ?? text).slice(0, 100)}`;
  } catch {
    return `: ${text.slice(0, 100)}`;
  }
};

function fail(terminal: Terminal): void {
  if (terminal.waiting) counters.inFlight -= 1;
  terminal.waiting = false;
  countError(terminal, `cut (${terminal.socketError ?? 'closed'})`);
  terminal.socket?.destroy();
  terminal.socket = null;
  if (!stopping) setTimeout(() => send(terminal), retryMs);
}

function open(terminal: Terminal): Socket {
  const socket = connect({ host: terminal.host, port: terminal.port, noDelay: true });
  terminal.socketError = null;
  socket.on('data', (chunk: Buffer) => receive(terminal, chunk));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (terminal.socket === socket) terminal.socketError = error.code ?? error.message;
  });
  socket.on('close', () => {
    if (terminal.socket !== socket) return;
    terminal.socket = null;
    // A connection closed between answers (keep-alive timeout, shutdown) is simply reopened by
    // the next poll; one closed while waiting is a failed poll.
    if (terminal.waiting) fail(terminal);
  });
  terminal.socket = socket;
  return socket;
}

function send(terminal: Terminal): void {
  if (stopping) return;
  const socket = terminal.socket ?? open(terminal);
  terminal.chunks = [];
  terminal.size = 0;
  terminal.headerLength = -1;
  terminal.waiting = true;
  counters.inFlight += 1;
  socket.write(
    `GET /v1/events?after=${terminal.after}&wait=${terminal.wait} HTTP/1.1\r\n` +
      `Host: ${terminal.host}:${terminal.port}\r\nAuthorization: Bearer ${terminal.key}\r\n\r\n`,
  );
}

function receive(terminal: Terminal, chunk: Buffer): void {
  if (!terminal.waiting) return;
  terminal.chunks.push(chunk);
  terminal.size += chunk.length;
  if (terminal.headerLength < 0) {
    const buffered = terminal.chunks.length === 1 ? chunk : Buffer.concat(terminal.chunks);
    const end = buffered.indexOf(HEADER_END);
    if (end < 0) return;
    const head = buffered.toString('latin1', 0, end);
    terminal.status = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    terminal.headerLength = end + HEADER_END.length;
    terminal.bodyLength = length ? Number(length[1]) : 0;
    terminal.closeAfter = /\r\nconnection:\s*close/i.test(head);
  }
  if (terminal.size < terminal.headerLength + terminal.bodyLength) return;
  const at = now();
  terminal.waiting = false;
  counters.inFlight -= 1;
  counters.answers += 1;
  const whole = terminal.chunks.length === 1 ? chunk : Buffer.concat(terminal.chunks);
  const body = whole.subarray(terminal.headerLength, terminal.headerLength + terminal.bodyLength);
  if (terminal.closeAfter) {
    terminal.socket?.destroy();
    terminal.socket = null;
  }
  if (terminal.status !== 200) {
    countError(terminal, `HTTP ${terminal.status}${messageOf(body)}`);
    if (!stopping) setTimeout(() => send(terminal), retryMs);
    return;
  }
  if (terminal.wait !== terminal.longWait) {
    terminal.wait = terminal.longWait;
    counters.answeredOnce += 1;
  }
  setImmediate(() => {
    const { events } = JSON.parse(body.toString()) as { events: { seq: number; body: string }[] };
    for (const event of events) {
      receipts.push([(JSON.parse(event.body) as { id: string }).id, at]);
      terminal.after = Math.max(terminal.after, event.seq);
    }
    send(terminal);
  });
}

process.on('message', async (message: Command) => {
  if (message.cmd === 'open') {
    retryMs = message.retryMs ?? 1000;
    for (let i = 0; i < message.keys.length; i += 1) {
      const url = new URL(message.urls[i % message.urls.length] as string);
      const terminal: Terminal = {
        host: url.hostname,
        port: Number(url.port),
        key: message.keys[i] as string,
        wait: message.answerFirst ? 0 : message.wait,
        longWait: message.wait,
        after: 0,
        socket: null,
        chunks: [],
        size: 0,
        headerLength: -1,
        bodyLength: 0,
        status: 0,
        waiting: false,
        closeAfter: false,
        socketError: null,
      };
      terminals.push(terminal);
      send(terminal);
      // Ramp up so the relay's accept backlog is not overrun by thousands of SYNs at once.
      if ((i + 1) % message.rampBatch === 0)
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    process.send?.({ type: 'opened', ...counters });
  } else if (message.cmd === 'count') {
    process.send?.({ type: 'counted', ...counters, errorsBy: Object.fromEntries(errorsBy) });
  } else if (message.cmd === 'collect') {
    process.send?.({ type: 'collected', receipts: receipts.splice(0), ...counters });
  } else {
    stopping = true;
    for (const terminal of terminals) terminal.socket?.destroy();
    process.send?.({ type: 'stopped' }, () => process.exit(0));
  }
});
