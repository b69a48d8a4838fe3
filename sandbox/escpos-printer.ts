// A virtual ESC/POS receipt printer on raw TCP (the port-9100 protocol network printers speak),
// for tests and the demo. It decodes what it receives into lines with their style (bold, size,
// invert, underline, alignment) in the selected code page, splits documents at each cut, answers
// the real-time status requests (DLE EOT 1/2/4) and plays the troubles of a counter: offline,
// cover open, paper near end, paper out, unplugged (stops accepting connections) and back.
// Its code pages are its own tables, written from the printer manuals, not the encoder's.
import type { AddressInfo, Server, Socket } from 'node:net';
import { createServer } from 'node:net';

export type PrintedLine = {
  text: string;
  bold: boolean;
  underline: boolean;
  invert: boolean;
  /** Character width and height multipliers (GS !). */
  width: number;
  height: number;
  align: 'left' | 'center' | 'right';
};

export type PrintedDocument = { lines: PrintedLine[]; cut: 'full' | 'partial' };

export type PrinterTrouble = 'offline' | 'cover-open' | 'paper-out';

export type VirtualPrinter = {
  port: number;
  host: string;
  /** Documents printed (each ended by a cut), oldest first; the newest `keep` when that is set. */
  documents: PrintedDocument[];
  /** Lines printed since the last cut. */
  pending(): PrintedLine[];
  /** Bytes received while the printer could not print (they are thrown away, as a jam would). */
  refusedBytes: number;
  /** The code pages (ESC t n) selected, in order. */
  codePages: number[];
  trouble(state: PrinterTrouble | null): void;
  paperNearEnd(near: boolean): void;
  /** Drops the connection after this many more document bytes (a cable pulled mid-ticket). */
  dropAfter(bytes: number): void;
  /** Stops accepting connections and drops the open ones (the cable is out). */
  unplug(): Promise<void>;
  /** Listens again on the same port. */
  plugIn(): Promise<void>;
  /** Tells each document as it is cut. */
  onDocument(listener: (doc: PrintedDocument) => void): void;
  /** Resolves when `count` documents have been printed in all. */
  waitForDocuments(count: number, timeoutMs?: number): Promise<PrintedDocument[]>;
  close(): Promise<void>;
};

// The upper halves (0x80–0xFF); the lower half is ASCII.
const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';
const CP858_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0';
const WPC1252 = new TextDecoder('windows-1252');

/** Epson's ESC t numbers this printer knows. */
const cp437 = (b: number): string => Array.from(CP437_HIGH)[b - 0x80] ?? '?';
const CODE_PAGES: Record<number, (byte: number) => string> = {
  0: cp437,
  16: (b) => WPC1252.decode(Uint8Array.of(b)),
  19: (b) => Array.from(CP858_HIGH)[b - 0x80] ?? '?',
};

const ESC = 0x1b;
const GS = 0x1d;
const DLE = 0x10;
const FS = 0x1c;

// eslint-disable-next-line max-lines-per-function -- a virtual ESC/POS printer: one command parser over the byte stream, a switch per command
export const startVirtualPrinter = async (
  options: {
    port?: number;
    host?: string;
    /**
     * Keep only the newest this many documents (and code page selections). The demo runs for
     * days and its printer kept every ticket: 20,000 lines in two simulated hours of the soak.
     * Tests keep everything, which waitForDocuments counts on.
     */
    keep?: number;
  } = {},
): Promise<VirtualPrinter> => {
  const host = options.host ?? '127.0.0.1';
  const documents: PrintedDocument[] = [];
  const codePages: number[] = [];
  let lines: PrintedLine[] = [];
  let trouble: PrinterTrouble | null = null;
  let nearEnd = false;
  let refusedBytes = 0;
  let dropIn: number | null = null;
  const sockets = new Set<Socket>();
  const waiters = new Set<() => void>();
  const listeners: Array<(doc: PrintedDocument) => void> = [];

  type Mode = Omit<PrintedLine, 'text'> & { codePage: number };
  const reset = (): Mode => ({
    bold: false,
    underline: false,
    invert: false,
    width: 1,
    height: 1,
    align: 'left',
    codePage: 0,
  });

  /** ESC/POS real-time status (DLE EOT n): fixed bits 0x12 plus the state's bits. */
  const status = (n: number): number => {
    const base = 0x12;
    if (n === 1) return base | (trouble ? 0x08 : 0);
    if (n === 2)
      return base | (trouble === 'cover-open' ? 0x04 : 0) | (trouble === 'paper-out' ? 0x20 : 0);
    if (n === 4)
      return (
        base |
        (nearEnd || trouble === 'paper-out' ? 0x0c : 0) |
        (trouble === 'paper-out' ? 0x60 : 0)
      );
    return base;
  };

  const connection = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let mode = reset();
    let line: number[] = [];
    let lineMode: Mode = mode;
    let buffer = Buffer.alloc(0);

    const endLine = (): void => {
      const { codePage, ...style } = lineMode;
      const decode = CODE_PAGES[codePage] ?? cp437;
      lines.push({
        ...style,
        text: line.map((b) => (b < 0x80 ? String.fromCharCode(b) : decode(b))).join(''),
      });
      line = [];
    };
    const cut = (kind: 'full' | 'partial'): void => {
      if (line.length) endLine();
      const doc: PrintedDocument = { lines, cut: kind };
      documents.push(doc);
      if (options.keep !== undefined && documents.length > options.keep) {
        documents.splice(0, documents.length - options.keep);
        codePages.splice(0, Math.max(0, codePages.length - options.keep));
      }
      lines = [];
      for (const listener of listeners) listener(doc);
      for (const wake of [...waiters]) wake();
    };

    /** Parses what it can; returns how many bytes it used (the rest waits for more). */
    const parse = (data: Buffer): number => {
      let i = 0;
      const need = (n: number): boolean => i + n <= data.length;
      while (i < data.length) {
        const b = data.readUInt8(i);
        if (b === DLE) {
          if (!need(3)) return i;
          if (data.readUInt8(i + 1) === 0x04)
            socket.write(Uint8Array.of(status(data.readUInt8(i + 2))));
          i += 3;
          continue;
        }
        if (dropIn !== null && --dropIn < 0) {
          dropIn = null;
          socket.destroy();
          return data.length;
        }
        if (trouble) {
          // A printer that cannot print answers status but prints nothing of what it gets.
          refusedBytes++;
          i++;
          continue;
        }
        if (b === ESC) {
          if (!need(2)) return i;
          const c = data.readUInt8(i + 1);
          if (c === 0x40) {
            mode = reset();
            i += 2;
            continue;
          }
          if (!need(3)) return i;
          const n = data.readUInt8(i + 2);
          if (c === 0x45) mode = { ...mode, bold: (n & 1) === 1 };
          else if (c === 0x2d) mode = { ...mode, underline: n !== 0 && n !== 0x30 };
          else if (c === 0x74) {
            mode = { ...mode, codePage: n };
            codePages.push(n);
          } else if (c === 0x61)
            mode = { ...mode, align: (['left', 'center', 'right'] as const)[n % 0x30] ?? 'left' };
          else if (c === 0x21) mode = { ...mode, bold: (n & 0x08) !== 0 };
          else if (c === 0x64) for (let k = 0; k < n; k++) endLine();
          // ESC M (font), ESC 3/2 (spacing) and others: no effect on the text.
          i += 3;
          continue;
        }
        if (b === GS) {
          if (!need(3)) return i;
          const c = data.readUInt8(i + 1);
          const n = data.readUInt8(i + 2);
          if (c === 0x56) {
            // GS V m, or GS V m n for m = 65/66 (feed then cut).
            if (n >= 65) {
              if (!need(4)) return i;
              i += 4;
            } else i += 3;
            cut(n === 0 || n === 48 || n === 65 ? 'full' : 'partial');
            continue;
          }
          if (c === 0x21) mode = { ...mode, width: ((n >> 4) & 7) + 1, height: (n & 7) + 1 };
          else if (c === 0x42) mode = { ...mode, invert: (n & 1) === 1 };
          i += 3;
          continue;
        }
        if (b === FS) {
          // FS . (cancel Kanji) and FS & take no parameter.
          if (!need(2)) return i;
          i += 2;
          continue;
        }
        if (b === 0x0a) {
          endLine();
          lineMode = mode;
          i++;
          continue;
        }
        if (b === 0x0d) {
          i++;
          continue;
        }
        if (b >= 0x20) {
          // A line's style is the one its first character printed in (styles reset at its end).
          if (line.length === 0 || line.every((x) => x === 0x20)) lineMode = mode;
          line.push(b);
        }
        i++;
      }
      return i;
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      buffer = buffer.subarray(parse(buffer));
    });
  };

  let server: Server = createServer(connection);
  const listen = (port: number): Promise<number> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  const port = await listen(options.port ?? 0);
  let listening = true;

  return {
    port,
    host,
    documents,
    codePages,
    get refusedBytes() {
      return refusedBytes;
    },
    pending: () => lines,
    trouble: (state) => {
      trouble = state;
    },
    onDocument: (listener) => {
      listeners.push(listener);
    },
    dropAfter: (bytes) => {
      dropIn = bytes;
    },
    paperNearEnd: (near) => {
      nearEnd = near;
    },
    unplug: async () => {
      if (!listening) return;
      listening = false;
      await stop();
    },
    plugIn: async () => {
      if (listening) return;
      server = createServer(connection);
      await listen(port);
      listening = true;
    },
    waitForDocuments: (count, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = (): void => {
          if (documents.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(documents.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`the virtual printer printed ${documents.length} of ${count} documents`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
    close: async () => {
      if (listening) await stop();
      listening = false;
    },
  };
};
