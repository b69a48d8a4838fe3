// The chaos shift's verdict (bench/chaos-accounting.ts): which orders staff knew of, and which
// were silent misses, from what the screen showed and when.
import { describe, expect, it } from 'vitest';
import type { PlatformOrder, ShownAlarm } from '../bench/chaos-accounting';
import { account, clockAt, unexplainedAlarms } from '../bench/chaos-accounting';

const at = (hhmmss: string) => clockAt(hhmmss, Date.parse('2026-11-26T12:00:00')) as number;
const order = (n: number, placed: string): PlatformOrder => ({
  id: `o${n}`,
  orderNumber: String(n),
  placedAt: at(placed),
});
const missed = (key: string, text: string, seen: string): ShownAlarm => ({
  key,
  kind: 'missed',
  texts: [{ text, firstSeen: at(seen) }],
});
const about = (hhmm: string) =>
  `An order may not have reached this terminal (placed about ${hhmm}). The platform shows it as new, waiting to be accepted.`;

describe('the chaos shift’s accounting', () => {
  it('an order on the board is known; one no alarm names is a silent miss', () => {
    const orders = [order(1, '11:50:00'), order(2, '11:51:00')];
    const verdicts = account(orders, new Map([['1', at('11:50:02')]]), []);
    expect(verdicts.map((v) => [v.onBoardAt !== null, v.alarmedAt])).toEqual([
      [true, null],
      [false, null],
    ]);
  });

  it('one missed-order alarm names one order, and only one placed before it appeared at a time that fits', () => {
    const orders = [order(1, '11:54:10'), order(2, '11:54:40'), order(3, '12:10:00')];
    const alarms = [missed('a', about('11:54'), '11:55:00')];
    const verdicts = account(orders, new Map(), alarms);
    expect(verdicts.filter((v) => v.alarmedAt !== null)).toHaveLength(1);
    // Two alarms about 11:54 name both; an alarm shown before the order was placed names nothing.
    const two = account(orders, new Map(), [...alarms, missed('b', about('11:54'), '11:55:30')]);
    expect(two.filter((v) => v.alarmedAt !== null).map((v) => v.order.id)).toEqual(['o1', 'o2']);
    const early = account([order(4, '11:56:00')], new Map(), alarms);
    expect(early[0]?.alarmedAt).toBeNull();
  });

  it('a gap notice and "may be missing too" name every order in their span', () => {
    const orders = [order(1, '11:02:10'), order(2, '11:02:50'), order(3, '11:04:30')];
    const gap: ShownAlarm = {
      key: 'g',
      kind: 'gap',
      texts: [
        {
          text: 'Orders placed 11:02–11:03 may not have reached this terminal.',
          firstSeen: at('11:05:00'),
        },
      ],
    };
    const verdicts = account(orders, new Map(), [gap]);
    expect(verdicts.map((v) => v.alarmKey)).toEqual(['g', 'g', null]);
    const more = missed(
      'm',
      `${about('11:02')} Orders placed after it, until 11:04, may be missing too: the platform shows only its latest three.`,
      '11:05:00',
    );
    expect(account(orders, new Map(), [more]).every((v) => v.alarmedAt !== null)).toBe(true);
  });

  it('an alarm whose order reached the board later is no false alarm; one for nothing is', () => {
    const orders = [order(1, '11:30:00')];
    const alarm = missed('a', about('11:30'), '11:30:40');
    const late = account(orders, new Map([['1', at('11:31:30')]]), [alarm]);
    expect(unexplainedAlarms(late, [alarm])).toEqual([]);
    const stray = missed('b', about('11:45'), '11:46:00');
    expect(unexplainedAlarms(late, [alarm, stray]).map((a) => a.key)).toEqual(['b']);
  });
});
