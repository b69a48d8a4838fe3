import { describe, expect, it, vi } from 'vitest';
import { channels } from '../../shared/ipc/contract';
import { createEventHub } from '../host/event-hub';
import { createUpdatesSlice } from './updates';

describe('a held update', () => {
  it('is shown to every window and goes on only for the version staff were shown, once', async () => {
    const hub = createEventHub();
    const told: unknown[] = [];
    hub.on('updates:changed', (held) => told.push(held));
    const audit = { record: vi.fn(), list: vi.fn(), forgetDetailsBefore: vi.fn() };
    const slice = createUpdatesSlice({ hub, audit, now: () => new Date('2026-11-26T12:00:00Z') });
    expect(await slice.handlers['updates:held']({})).toBeNull();
    const confirm = vi.fn();
    slice.hold('3.0.0', confirm);
    slice.hold('3.0.0', confirm);
    expect(told).toEqual([{ version: '3.0.0', since: '2026-11-26T12:00:00.000Z' }]);
    expect(await slice.handlers['updates:held']({})).toEqual(told[0]);

    await expect(slice.handlers['updates:install']({ version: '4.0.0' })).rejects.toMatchObject({
      bridge: { code: 'conflict' },
    });
    expect(confirm).not.toHaveBeenCalled();
    expect(await slice.handlers['updates:install']({ version: '3.0.0' })).toBeNull();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(audit.record).toHaveBeenCalledWith({
      action: 'app/update',
      subject: '3.0.0',
      outcome: 'confirmed',
    });
    await expect(slice.handlers['updates:install']({ version: '3.0.0' })).rejects.toMatchObject({
      bridge: { code: 'conflict' },
    });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it('takes only a version through its channel', () => {
    const schema = channels['updates:install'].request;
    expect(schema.safeParse({ version: '3.0.0' }).success).toBe(true);
    for (const bad of [{ version: '3' }, { version: '../3.0.0' }, { version: 3 }, {}])
      expect(schema.safeParse(bad).success).toBe(false);
    expect(schema.safeParse({ version: '3.0.0', force: true }).success).toBe(false);
  });
});
