// The order stream going down during a shift, driven in Chromium against the demo (the relay as
// its own process, as deployed): killed with SIGKILL, the alarm must show within 15 s, the venue
// must go offline at the platform by Countertop's own doing, and when the relay is started again
// on its port and database the venue must come back online and the gap must be shown to staff.
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Demo } from '../../scripts/start';
import type { control } from './support';
import { controlCall, ensureOutputDir, eventually, useDemoPage } from './support';

let demo: Demo;
let page: Page;
let sandbox: ReturnType<typeof control>;

const PAUSE_AFTER_SECONDS = 5;
/** Long polls held 5 s: a frozen relay shows within 5 s + the 5 s answer margin. */
const RELAY_WAIT_SECONDS = 5;

// Shorter long polls, so the frozen relay's test is quick; the relay client's reconnect backoff
// capped at 2 s (production: 30 s), so a relay started again is found within 2 s, not up to 30.
useDemoPage({ width: 1280, height: 800 }, (s) => ({ demo, page, sandbox } = s), {
  core: { relayWaitSeconds: RELAY_WAIT_SECONDS, relayBackoff: { capMs: 2_000 } },
});

const shot = (name: string) => page.screenshot({ path: path.join(ensureOutputDir(), name) });

describe('the order stream goes down (web host, Chromium, the relay as its own process)', () => {
  it('staff set a short auto-pause and hear the test alarm', async () => {
    await page.getByRole('button', { name: 'Venue', exact: true }).click();
    const settings = page.getByRole('region', { name: 'Order stream alarm' });
    await settings
      .getByRole('textbox', { name: 'Seconds without the order stream before going offline' })
      .fill(String(PAUSE_AFTER_SECONDS));
    await settings.getByRole('button', { name: 'Save alarm settings' }).click();
    await page.getByText('Saved.').waitFor();
    expect((await demo.core.api['stream:get']({})).settings).toEqual({
      autoPause: true,
      pauseAfterSeconds: PAUSE_AFTER_SECONDS,
    });

    await page.getByRole('button', { name: 'Test alarm' }).click();
    const banner = page.getByTestId('stream-alarm');
    await banner.getByText('Alarm test').waitFor();
    expect(await banner.getAttribute('role')).toBe('alert');
    await shot('alarm-test.png');
    await banner.waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('button', { name: 'Orders', exact: false }).first().click();
  });

  it('relay killed: alarm within 15 s, venue paused at the platform; relay back: online again, gap shown', async () => {
    expect((await sandbox.venue()).status.is_online).toBe(true);
    const port = demo.relay.port;
    const killedAt = Date.now();
    process.kill(demo.relay.pid, 'SIGKILL');
    await demo.relay.exited;

    const alarm = page.getByTestId('stream-alarm');
    await alarm.getByText(/Orders cannot reach this terminal/).waitFor({ timeout: 15_000 });
    const alarmAfterMs = Date.now() - killedAt;
    expect(alarmAfterMs).toBeLessThan(15_000);
    expect(await alarm.getAttribute('role')).toBe('alert');
    await shot('stream-alarm.png');

    // Countertop takes the venue offline through the platform: the sandbox's own state says so.
    const paused = await eventually(
      () => sandbox.venue(),
      (v) => !v.status.is_online,
      30_000,
    );
    expect(paused.offline_until).toBeNull();
    await page
      .getByTestId('offline-banner')
      .getByText(/Paused by Countertop because orders could not arrive/)
      .waitFor({ timeout: 15_000 });
    // Still down, still sounding: the venue being offline does not end the outage.
    expect(await alarm.isVisible()).toBe(true);
    await shot('venue-paused.png');

    // Placed while the stream is down: the platform gives up on its notification.
    const lost = await sandbox.placeOrder('takeaway');
    await eventually(
      () =>
        controlCall<Array<{ body: { order?: { id?: string } }; dropped: string | null }>>(
          demo.sandbox.controlUrl,
          'GET',
          '/notifications',
        ),
      (sent) => sent.some((n) => n.body.order?.id === lost.id && n.dropped === 'retries'),
    );

    const relay = await demo.restartRelay();
    expect(relay.port).toBe(port);
    await eventually(
      () => sandbox.venue(),
      (v) => v.status.is_online,
      30_000,
    );
    await alarm.waitFor({ state: 'detached', timeout: 15_000 });
    const notice = page.getByTestId('gap-notice');
    await notice
      .getByText(
        /Orders placed \d\d:\d\d(:\d\d)?–\d\d:\d\d(:\d\d)? may not have reached this terminal/,
      )
      .waitFor();
    // The venue status's latest orders show one this terminal never received (the one above).
    await notice
      .getByText(/The platform lists 1 recent order this terminal never received/)
      .waitFor({ timeout: 15_000 });
    expect(await page.getByRole('article', { name: `Order #${lost.order_number}` }).count()).toBe(
      0,
    );
    await shot('gap-notice.png');

    // The notice survives a reload: main keeps it until someone acknowledges it.
    await page.reload();
    await notice.getByRole('button', { name: 'OK, checked' }).click();
    await notice.waitFor({ state: 'detached' });
    expect((await demo.core.api['stream:get']({})).gaps).toEqual([]);

    const audit = await demo.core.api['audit:list']({ limit: 200 });
    const outcomes = audit.filter((e) => e.action === 'stream-guard').map((e) => e.outcome);
    expect(outcomes).toEqual(
      expect.arrayContaining(['paused', 'resumed', 'stream-back', 'gap-acknowledged']),
    );
    const pausedEntry = audit.find((e) => e.action === 'stream-guard' && e.outcome === 'paused');
    const pausedAfterMs = Date.parse(pausedEntry?.at ?? '') - killedAt;
    expect(pausedAfterMs).toBeGreaterThanOrEqual(PAUSE_AFTER_SECONDS * 1000 - 100);
    console.log(
      `outage e2e: alarm ${alarmAfterMs} ms after SIGKILL, pause sent ${pausedAfterMs} ms after it (auto-pause ${PAUSE_AFTER_SECONDS} s)`,
    );
  });

  it('relay frozen (SIGSTOP: it accepts connections, answers nothing): alarm, pause, and back on SIGCONT', async () => {
    await eventually(
      () => demo.core.api['status:get']({}),
      (status) => status.relay === 'connected',
    );
    const frozenAt = Date.now();
    process.kill(demo.relay.pid, 'SIGSTOP');
    try {
      const alarm = page.getByTestId('stream-alarm');
      // The held poll's deadline (hold + 5 s margin), then the alarm's 10 s from the last answer.
      await alarm.getByText(/Orders cannot reach this terminal/).waitFor({ timeout: 30_000 });
      const alarmAfterMs = Date.now() - frozenAt;
      const status = await demo.core.api['status:get']({});
      expect(status.relay).toBe('disconnected');
      expect(status.relayError).toMatch(/did not answer in time/);
      await eventually(
        () => sandbox.venue(),
        (v) => !v.status.is_online,
        30_000,
      );
      console.log(`outage e2e: alarm ${alarmAfterMs} ms after SIGSTOP`);
    } finally {
      process.kill(demo.relay.pid, 'SIGCONT');
    }
    await eventually(
      () => sandbox.venue(),
      (v) => v.status.is_online,
      30_000,
    );
    await page
      .getByTestId('gap-notice')
      .getByText(/may not have reached this terminal/)
      .waitFor({ timeout: 15_000 });
  });
});
