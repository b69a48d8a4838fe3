import { expect, it } from 'vitest';
import { describeEachStore } from './testing/store-fixture';
import {
  MARKETPLACE_SECRET,
  orderNotification,
  poll,
  postMarketplace,
  sign,
  spawnRelay,
  type ServedEvent,
} from './testing/test-support';

const CYCLES = 15;
const SENDERS = 4;
const env = { RELAY_MARKETPLACE_SECRETS: MARKETPLACE_SECRET };

describeEachStore('crash safety', (store) => {
  it(`serves every acknowledged notification exactly once across ${CYCLES} SIGKILLs right after a 200`, async () => {
    const key = (await store.createTerminal(['v-crash'])).key;
    const acked: string[] = [];
    const attempted = new Set<string>();
    let next = 0;
    {
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        const relay = await spawnRelay([...store.args, '--port', '0'], env);
        const killAfter = 1 + Math.floor(Math.random() * 12);
        let acksThisCycle = 0;
        let killed = false;
        // Retries of notifications acknowledged before earlier crashes must stay single.
        const retries = acked.slice(-2);
        const sender = async () => {
          while (!killed) {
            const id = retries.pop() ?? `crash-${(next += 1)}`;
            attempted.add(id);
            const body = orderNotification(id, 'v-crash');
            try {
              const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
              if (answer.status !== 200 || killed) continue;
              acked.push(id);
              acksThisCycle += 1;
              if (acksThisCycle >= killAfter) {
                killed = true;
                relay.child.kill('SIGKILL');
              }
            } catch {
              // The connection died with the relay: not acknowledged, so it may or may not be stored.
              killed = true;
            }
          }
        };
        await Promise.all(Array.from({ length: SENDERS }, sender));
        await relay.exited;
      }

      const relay = await spawnRelay([...store.args, '--port', '0'], env);
      const served: ServedEvent[] = [];
      for (let after = 0; ;) {
        const page = await poll(relay.url, key, { after });
        expect(page.status).toBe(200);
        if (page.events.length === 0) break;
        served.push(...page.events);
        after = page.events.at(-1)?.seq ?? after;
      }
      relay.child.kill('SIGTERM');
      expect(await relay.exited).toBe(0);

      const ids = served.map((event) => (JSON.parse(event.body) as { id: string }).id);
      const counts = new Map<string, number>();
      for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
      expect([...counts].filter(([, count]) => count > 1)).toEqual([]);
      expect([...new Set(acked)].filter((id) => !counts.has(id))).toEqual([]);
      expect(ids.filter((id) => !attempted.has(id))).toEqual([]);
      expect(new Set(acked).size).toBeGreaterThanOrEqual(CYCLES);
      for (const event of served)
        expect(event.signature).toBe(sign(event.body, MARKETPLACE_SECRET));
    }
  }, 120_000);
});
