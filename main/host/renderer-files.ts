// The renderer's files as every host serves them: Electron's app:// handler and the web host
// both answer through `serveRendererFile`, so a browser test sees the very bytes and headers the
// desktop window gets. Host-neutral: a path in, a status, headers and a body out.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { CONTENT_SECURITY_POLICY } from './security';

/** Sent with every answer of a host, files and API alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

// What vite emits for the renderer. Anything else is served as bytes the browser will not sniff.
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
};

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';

export type RendererResponse = {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
};

export type RendererFilesOptions = {
  /** Rewrites index.html before it is served (the web host adds its bridge script). */
  transformIndex?: (html: string) => string;
};

const INDEX = 'index.html';

const answer = (
  status: number,
  body: Buffer | string,
  type: string,
  cache: string,
): RendererResponse => ({
  status,
  headers: { ...SECURITY_HEADERS, 'Content-Type': type, 'Cache-Control': cache },
  body: typeof body === 'string' ? Buffer.from(body) : body,
});

const notFound = (): RendererResponse =>
  answer(404, 'Not found', 'text/plain; charset=utf-8', 'no-store');

/**
 * The file of the built renderer under `rendererDir` that a URL path names ("/" is index.html).
 * A path that decodes outside the folder, holds a NUL or a backslash is refused; a folder or a
 * missing file is a 404. index.html is never cached, so a new version shows on the next start.
 */
export const serveRendererFile = async (
  rendererDir: string,
  pathname: string,
  options: RendererFilesOptions = {},
): Promise<RendererResponse> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return answer(400, 'Bad path', 'text/plain; charset=utf-8', 'no-store');
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\'))
    return notFound();
  const root = path.resolve(rendererDir);
  const relative = decoded === '/' ? INDEX : decoded.slice(1);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return notFound();
  let content: Buffer;
  try {
    content = await readFile(file);
  } catch {
    return notFound();
  }
  if (file === path.join(root, INDEX)) {
    const html = options.transformIndex
      ? Buffer.from(options.transformIndex(content.toString('utf8')))
      : content;
    return answer(200, html, contentTypeOf(file), 'no-store');
  }
  return answer(200, content, contentTypeOf(file), 'no-cache');
};
