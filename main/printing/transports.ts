// The two ways bytes reach a printer: raw TCP (ESC/POS network printers, port 9100), where the
// printer's real-time status is read back (DLE EOT) before and after the bytes, and the OS spooler
// (CUPS `lp -o raw`, bytes on stdin, spawned with an argument array: no shell ever sees a name).
import { spawn } from 'node:child_process';
import { Socket } from 'node:net';
import type { PrinterConnection, PrinterState } from '../../shared/printing';

export type StatusReading = { state: PrinterState; paperNearEnd: boolean; message: string | null };

/** Why a print did not go through, and whether any byte may have reached the paper. */
export class PrintFailure extends Error {
  readonly partial: boolean;
  readonly state: PrinterState;
  constructor(message: string, options: { partial: boolean; state: PrinterState }) {
    super(message);
    this.name = 'PrintFailure';
    this.partial = options.partial;
    this.state = options.state;
  }
}

export type Timeouts = { connectMs: number; answerMs: number; spoolerMs: number };
export const DEFAULT_TIMEOUTS: Timeouts = { connectMs: 3_000, answerMs: 5_000, spoolerMs: 15_000 };

// DLE EOT 1 (printer), 2 (offline cause), 4 (roll paper sensor).
const STATUS_REQUEST = Uint8Array.of(0x10, 0x04, 0x01, 0x10, 0x04, 0x02, 0x10, 0x04, 0x04);

/** The three status bytes as staff read them (ESC/POS: bit 3 offline; cover bit 2, paper bits 5–6). */
export const readStatusBytes = (printer: number, cause: number, paper: number): StatusReading => {
  const paperNearEnd = (paper & 0x0c) !== 0;
  if ((paper & 0x60) !== 0 || (cause & 0x20) !== 0)
    return { state: 'paper-out', paperNearEnd, message: 'The printer is out of paper.' };
  if ((cause & 0x04) !== 0)
    return { state: 'cover-open', paperNearEnd, message: "The printer's cover is open." };
  if ((cause & 0x40) !== 0)
    return { state: 'error', paperNearEnd, message: 'The printer reports an error.' };
  if ((printer & 0x08) !== 0)
    return { state: 'offline', paperNearEnd, message: 'The printer is offline.' };
  return { state: 'ready', paperNearEnd, message: null };
};

/** A TCP connection that reads exactly the bytes asked for, each read with a deadline. */
const connect = (host: string, port: number, timeouts: Timeouts) =>
  new Promise<{
    read(count: number): Promise<Buffer>;
    write(bytes: Uint8Array): Promise<void>;
    close(): void;
  }>((resolve, reject) => {
    const socket = new Socket();
    let received = Buffer.alloc(0);
    let failure: Error | null = null;
    let wake: (() => void) | null = null;
    const connectTimer = setTimeout(
      () =>
        socket.destroy(
          new Error(`no answer from ${host}:${port} within ${timeouts.connectMs / 1000} s`),
        ),
      timeouts.connectMs,
    );
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      wake?.();
    });
    socket.on('error', (error) => {
      failure = error;
      wake?.();
    });
    socket.on('close', () => {
      failure ??= new Error('the printer closed the connection');
      wake?.();
    });
    socket.once('connect', () => {
      clearTimeout(connectTimer);
      resolve({
        read: (count) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => {
              wake = null;
              fail(new Error(`the printer did not answer within ${timeouts.answerMs / 1000} s`));
            }, timeouts.answerMs);
            const check = (): void => {
              if (received.length >= count) {
                const out = received.subarray(0, count);
                received = received.subarray(count);
                clearTimeout(timer);
                wake = null;
                done(out);
              } else if (failure) {
                clearTimeout(timer);
                wake = null;
                fail(failure);
              }
            };
            wake = check;
            check();
          }),
        write: (bytes) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => {
              socket.destroy();
              fail(
                new Error(
                  `the printer did not take the ticket within ${timeouts.answerMs / 1000} s`,
                ),
              );
            }, timeouts.answerMs);
            socket.write(bytes, (error) => {
              clearTimeout(timer);
              if (error) fail(error);
              else done();
            });
          }),
        close: () => socket.destroy(),
      });
    });
    socket.once('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    socket.connect(port, host);
  });

const unreachable = (host: string, port: number, error: unknown): StatusReading => ({
  state: 'offline',
  paperNearEnd: false,
  message: `No connection to the printer at ${host}:${port}: ${error instanceof Error ? error.message : String(error)}`,
});

/** Asks a network printer how it is (three status bytes on a short connection). */
export const networkStatus = async (
  host: string,
  port: number,
  timeouts: Timeouts,
): Promise<StatusReading> => {
  let conn: Awaited<ReturnType<typeof connect>> | null = null;
  try {
    conn = await connect(host, port, timeouts);
    await conn.write(STATUS_REQUEST);
    const bytes = await conn.read(3);
    return readStatusBytes(bytes.readUInt8(0), bytes.readUInt8(1), bytes.readUInt8(2));
  } catch (error) {
    return unreachable(host, port, error);
  } finally {
    conn?.close();
  }
};

/**
 * Prints on a network printer: status first (nothing is sent to a printer that cannot print),
 * the bytes, then status again, whose answer proves the printer received every byte before it
 * (TCP keeps the order). Throws `PrintFailure`; `partial` when bytes went out without that proof.
 */
export const printNetwork = async (
  host: string,
  port: number,
  bytes: Uint8Array,
  timeouts: Timeouts,
): Promise<StatusReading> => {
  let conn: Awaited<ReturnType<typeof connect>> | null = null;
  try {
    conn = await connect(host, port, timeouts);
  } catch (error) {
    const reading = unreachable(host, port, error);
    throw new PrintFailure(reading.message ?? 'offline', { partial: false, state: reading.state });
  }
  // From the first byte of the document on, a failure may leave part of it on the paper.
  let sent = false;
  try {
    await conn.write(STATUS_REQUEST);
    const before = await conn.read(3);
    const reading = readStatusBytes(before.readUInt8(0), before.readUInt8(1), before.readUInt8(2));
    if (reading.state !== 'ready')
      throw new PrintFailure(reading.message ?? reading.state, {
        partial: false,
        state: reading.state,
      });
    sent = true;
    await conn.write(bytes);
    await conn.write(STATUS_REQUEST);
    const after = await conn.read(3);
    const done = readStatusBytes(after.readUInt8(0), after.readUInt8(1), after.readUInt8(2));
    // Paper ran out (or the cover opened) while it printed: the ticket may be cut short.
    if (done.state !== 'ready')
      throw new PrintFailure(done.message ?? done.state, { partial: true, state: done.state });
    return done;
  } catch (error) {
    if (error instanceof PrintFailure) throw error;
    throw new PrintFailure(
      `The connection to the printer at ${host}:${port} failed: ${error instanceof Error ? error.message : String(error)}`,
      { partial: sent, state: 'offline' },
    );
  } finally {
    conn.close();
  }
};

type Run = { code: number | null; stdout: string; stderr: string; failed: string | null };

/** Runs a spooler command (argument array, no shell) with a deadline; never rejects. */
const run = (command: string, args: string[], timeoutMs: number, input?: Uint8Array) =>
  new Promise<Run>((resolve) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    let stdout = '';
    let stderr = '';
    let failed: string | null = null;
    const timer = setTimeout(() => {
      failed = `stopped after ${timeoutMs / 1000} s`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout = (stdout + chunk).slice(-2000);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-500);
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, failed: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr: stderr.trim(), failed });
    });
    child.stdin.end(input ? Buffer.from(input) : undefined);
  });

/**
 * A CUPS queue's state from `lpstat -p <queue>`: a disabled (paused) queue is `offline` with its
 * reason, an enabled one `unknown` (CUPS takes jobs; whether paper is in, it does not say here).
 * Null when there is no lpstat to ask.
 */
export const spoolerStatus = async (
  lpstatCommand: string,
  queue: string,
  timeouts: Timeouts,
): Promise<StatusReading | null> => {
  const result = await run(lpstatCommand, ['-p', queue], timeouts.spoolerMs);
  if (result.code === null && !result.failed?.startsWith('stopped')) return null;
  if (result.code !== 0)
    return {
      state: 'error',
      paperNearEnd: false,
      message: `The print queue "${queue}" cannot be read: ${result.stderr || result.failed || `exit ${result.code}`}`,
    };
  if (/\bdisabled\b/.test(result.stdout)) {
    const reason = result.stdout
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
    return {
      state: 'offline',
      paperNearEnd: false,
      message: `The print queue "${queue}" is paused${reason ? `: ${reason}` : ''}.`,
    };
  }
  return { state: 'unknown', paperNearEnd: false, message: null };
};

/**
 * Hands the bytes to the OS spooler: `<lp> -d <queue> -o raw`, bytes on stdin, after asking
 * whether the queue is paused (CUPS would take the job and sit on it, and staff would see
 * "printed"). `lp` queues a job whole or not at all.
 */
export const printSpooler = async (
  commands: { lp: string; lpstat: string },
  queue: string,
  bytes: Uint8Array,
  timeouts: Timeouts,
): Promise<StatusReading | null> => {
  const before = await spoolerStatus(commands.lpstat, queue, timeouts);
  if (before && before.state !== 'unknown')
    throw new PrintFailure(before.message ?? before.state, { partial: false, state: before.state });
  const result = await run(commands.lp, ['-d', queue, '-o', 'raw'], timeouts.spoolerMs, bytes);
  if (result.code === 0) return before;
  throw new PrintFailure(
    result.code === null && !result.failed?.startsWith('stopped')
      ? `The print spooler could not start: ${result.failed ?? 'unknown error'}`
      : `The print spooler refused the job (${result.failed ?? `exit ${result.code}`})${result.stderr ? `: ${result.stderr}` : ''}`,
    { partial: false, state: 'unknown' },
  );
};

export type Transport = {
  print(connection: PrinterConnection, bytes: Uint8Array): Promise<StatusReading | null>;
  status(connection: PrinterConnection): Promise<StatusReading | null>;
};

export const createTransport = (options: {
  lpCommand: string;
  lpstatCommand: string;
  timeouts: Timeouts;
}): Transport => {
  const commands = { lp: options.lpCommand, lpstat: options.lpstatCommand };
  return {
    print: (connection, bytes) =>
      connection.kind === 'network'
        ? printNetwork(connection.host, connection.port, bytes, options.timeouts)
        : printSpooler(commands, connection.queue, bytes, options.timeouts),
    status: (connection) =>
      connection.kind === 'network'
        ? networkStatus(connection.host, connection.port, options.timeouts)
        : spoolerStatus(options.lpstatCommand, connection.queue, options.timeouts),
  };
};
