import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './security';
import { SECURITY_HEADERS, serveRendererFile } from './renderer-files';

let root: string;
let dir: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'countertop-renderer-'));
  dir = path.join(root, 'renderer');
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await writeFile(path.join(dir, 'index.html'), '<html><head></head><body>app</body></html>');
  await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'export const x = 1;');
  await writeFile(path.join(dir, 'assets', 'index-abc.css'), 'body{}');
  await writeFile(path.join(dir, 'assets', 'font.woff2'), 'w');
  await writeFile(path.join(dir, 'assets', 'blob.xyz'), 'b');
  // A sibling folder whose name starts like the renderer's: a prefix check alone would let it out.
  await mkdir(path.join(root, 'renderer-secrets'));
  await writeFile(path.join(root, 'renderer-secrets', 'key.txt'), 'secret');
  await writeFile(path.join(root, 'secret.txt'), 'secret');
});
afterAll(() => rm(root, { recursive: true, force: true }));

const text = (body: Buffer) => body.toString('utf8');

describe('serving the renderer’s files', () => {
  it('serves index.html for "/" and by name, never cached, with the CSP and hardening headers', async () => {
    for (const pathname of ['/', '/index.html']) {
      const file = await serveRendererFile(dir, pathname);
      expect(file.status).toBe(200);
      expect(text(file.body)).toContain('<body>app</body>');
      expect(file.headers).toMatchObject({
        ...SECURITY_HEADERS,
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      expect(file.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('lets a host rewrite index.html only', async () => {
    const addScript = (html: string) =>
      html.replace('</head>', '<script src="/b.js"></script></head>');
    const index = await serveRendererFile(dir, '/', { transformIndex: addScript });
    expect(text(index.body)).toContain('<script src="/b.js"></script></head>');
    const script = await serveRendererFile(dir, '/assets/index-abc.js', {
      transformIndex: addScript,
    });
    expect(text(script.body)).toBe('export const x = 1;');
  });

  it('names each asset’s type so a module script and a stylesheet load under nosniff', async () => {
    const types = {
      '/assets/index-abc.js': 'text/javascript; charset=utf-8',
      '/assets/index-abc.css': 'text/css; charset=utf-8',
      '/assets/font.woff2': 'font/woff2',
      '/assets/blob.xyz': 'application/octet-stream',
    };
    for (const [pathname, type] of Object.entries(types)) {
      const file = await serveRendererFile(dir, pathname);
      expect(file.status).toBe(200);
      expect(file.headers['Content-Type']).toBe(type);
      expect(file.headers['X-Content-Type-Options']).toBe('nosniff');
      expect(file.headers['Cache-Control']).toBe('no-cache');
    }
  });

  it('refuses every path that leads outside the renderer folder', async () => {
    for (const pathname of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/../renderer-secrets/key.txt',
      '/..%5csecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/index.html%00.js',
      `/${encodeURIComponent(path.join(root, 'secret.txt'))}`,
      'secret.txt',
    ]) {
      const file = await serveRendererFile(dir, pathname);
      expect(file.status, pathname).toBe(404);
      expect(text(file.body)).not.toContain('secret');
      expect(file.headers['Content-Security-Policy']).toBe(CONTENT_SECURITY_POLICY);
    }
  });

  it('answers 400 for a path that is not valid percent-encoding, 404 for folders and missing files', async () => {
    expect((await serveRendererFile(dir, '/%E0%A4%A')).status).toBe(400);
    expect((await serveRendererFile(dir, '/assets')).status).toBe(404);
    expect((await serveRendererFile(dir, '/assets/')).status).toBe(404);
    expect((await serveRendererFile(dir, '/missing.js')).status).toBe(404);
  });
});
