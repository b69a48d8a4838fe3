import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { createRedactor } from './redactor';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'countertop-log-'));
  dirs.push(dir);
  return path.join(dir, 'logs');
};

describe('the log', () => {
  it('writes JSON lines at or above its level, private to the user, and reads the newest back', async () => {
    const dir = tempDir();
    const log = createLogger({ dir, redactor: createRedactor(), level: 'info' });
    log.debug('too small');
    log.info('started', { version: '1.0.0' });
    log.warn('link', { link: 'relay', state: 'disconnected' });
    log.error('failed', { what: 'menu push' });
    await log.close();
    const file = path.join(dir, 'countertop.log');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, event: 'started', version: '1.0.0' });
    const reader = createLogger({ dir, redactor: createRedactor() });
    expect((await reader.recent({ limit: 10, minLevel: 'warn' })).map((e) => e.event)).toEqual([
      'failed',
      'link',
    ]);
    expect((await reader.recent({ limit: 1, minLevel: 'info' }))[0]).toMatchObject({
      level: 'error',
      fields: { what: 'menu push' },
    });
    await reader.close();
  });

  it('censors fields named like secrets or personal data, and secret values anywhere', async () => {
    const dir = tempDir();
    const redactor = createRedactor();
    redactor.add('tok-123456');
    const log = createLogger({ dir, redactor });
    log.warn('call failed', {
      authorization: 'Bearer abc',
      consumerPhone: '+49 170 1234567',
      message: 'refused tok-123456',
    });
    await log.close();
    const text = readFileSync(path.join(dir, 'countertop.log'), 'utf8');
    expect(text).not.toContain('Bearer abc');
    expect(text).not.toContain('1234567');
    expect(text).not.toContain('tok-123456');
    expect(JSON.parse(text)).toMatchObject({
      authorization: '[redacted]',
      consumerPhone: '[redacted]',
      message: 'refused [redacted]',
    });
  });

  it('reads back every line logged before the call, while the file writer may still hold them', async () => {
    const dir = tempDir();
    const log = createLogger({ dir, redactor: createRedactor() });
    for (let i = 0; i < 200; i += 1) log.warn('tick', { i });
    // No wait between the writes and the read: the writer is asynchronous.
    const ticks = (await log.recent({ limit: 500, minLevel: 'warn' })).map((e) => e.fields.i);
    expect(ticks).toHaveLength(200);
    expect(ticks[0]).toBe(199);
    await log.written();
    expect(readFileSync(path.join(dir, 'countertop.log'), 'utf8').trim().split('\n')).toHaveLength(
      200,
    );
    await log.close();
  });

  it('rotates by size and reads across the rotated files', async () => {
    const dir = tempDir();
    const log = createLogger({ dir, redactor: createRedactor(), size: '1K' });
    for (let i = 0; i < 60; i += 1) {
      log.info('tick', { i });
      // Rotation happens between writes; give the stream its turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await log.close();
    const reader = createLogger({ dir, redactor: createRedactor(), size: '1K' });
    expect(reader.files().length).toBeGreaterThan(1);
    expect(path.basename(reader.files().at(-1)!)).toBe('countertop.log');
    const ticks = (await reader.recent({ limit: 500, minLevel: 'info' })).map((e) => e.fields.i);
    expect(ticks[0]).toBe(59);
    await reader.close();
  });

  it('reads the newest lines only up to its byte budget, across files, whole lines and characters', async () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    const line = (level: number, event: string, extra = '') =>
      `{"level":${level},"at":"2026-11-26T10:00:00.000Z","event":"${event}"${extra}}\n`;
    // A rotated file (older) with a warning at its very first line, then the live file: a
    // warning in café's name across many chunk borders, and a megabyte of info lines after it.
    writeFileSync(
      path.join(dir, '20261125-0000-01-countertop.log'),
      line(40, 'oldest warning') + line(30, 'x').repeat(10),
    );
    const filler = line(30, 'busy', ',"note":"' + 'é'.repeat(40) + '"').repeat(12_000);
    writeFileSync(
      path.join(dir, 'countertop.log'),
      line(40, 'far warning') + filler + line(50, 'near error', ',"where":"café ☕"') + filler,
    );
    const total = statSync(path.join(dir, 'countertop.log')).size;
    const events = async (recentBytes: number) =>
      (
        await createLogger({ dir, redactor: createRedactor(), recentBytes }).recent({
          limit: 50,
          minLevel: 'warn',
        })
      ).map(
        (entry) => `${entry.event}${entry.fields.where ? ` ${String(entry.fields.where)}` : ''}`,
      );
    // Within the budget: the near error, its characters whole; the far warning is past it.
    expect(await events(Math.ceil(total / 2) + 1000)).toEqual(['near error café ☕']);
    // With room for everything: every file, newest first, the rotated file's first line too.
    expect(await events(64 * 1024 * 1024)).toEqual([
      'near error café ☕',
      'far warning',
      'oldest warning',
    ]);
  });
});
