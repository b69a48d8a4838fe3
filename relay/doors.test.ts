// Every door of the relay checks a venue id the same way (shared/venue-id.ts), and the admin
// commands print outside text with its control characters escaped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVenueId, VENUE_ID_MAX_LENGTH } from '../shared/venue-id';
import { escapeControl } from './printable';
import { startRelay, type Relay } from './server';
import { withStore } from './store/open-store';
import { createTerminalsAt, listTerminalsAt } from './terminals';
import {
  MARKETPLACE_SECRET,
  collect,
  orderNotification,
  poll,
  postMarketplace,
  putDeliverySecret,
  runCli,
  send,
  sign,
  tempDir,
} from './testing/test-support';

const BAD_VENUE_IDS = [
  ['empty', ''],
  ['too long', 'v'.repeat(VENUE_ID_MAX_LENGTH + 1)],
  ['with a space', 'venue 1'],
  ['with a slash', 'a/b'],
  ['a parent path', '..'],
  ['with a control character', 'venue\u001b[2J'],
  ['with a line break', 'venue\nforged line'],
  ['non-ASCII', 'vénue'],
] as const;

describe('venue ids', () => {
  it('accepts the platform-like ids the project uses', () => {
    for (const id of ['demo-venue', '5a8c4b2f9e1d', 'v_1', 'venue.a:b~c', 'v'.repeat(128)]) {
      expect(isVenueId(id)).toBe(true);
    }
  });

  it.each(BAD_VENUE_IDS)('refuses one %s', (_case, id) => {
    expect(isVenueId(id)).toBe(false);
  });
});

describe('the relay checks venue ids at every door', () => {
  const made = tempDir();
  let relay: Relay;
  let key: string;
  beforeAll(async () => {
    relay = await startRelay({ dbPath: made.dbPath, marketplaceSecrets: [MARKETPLACE_SECRET] });
    [{ key }] = (await createTerminalsAt(made.dbPath, [{ venueIds: ['v-door'] }])) as [
      { id: string; key: string },
    ];
  });
  afterAll(async () => {
    await relay.close();
    made.remove();
  });

  it.each(BAD_VENUE_IDS)(
    'a notification for a venue id %s: 400, nothing stored',
    async (_case, venue) => {
      const body = orderNotification(`bad-${_case}`, venue);
      const answer = await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET));
      expect(answer.status).toBe(400);
      expect(answer.text).toMatch(/venue/);
    },
  );

  it('stores a notification for a good venue id (the control)', async () => {
    const body = orderNotification('good', 'v-door');
    expect((await postMarketplace(relay.url, body, sign(body, MARKETPLACE_SECRET))).status).toBe(
      200,
    );
    const { events } = await poll(relay.url, key, { after: 0 });
    expect(events.map((event) => event.venue_id)).toEqual(['v-door']);
  });

  it.each(BAD_VENUE_IDS)('a venue state for a venue id %s: 400', async (_case, venue) => {
    const answer = await send(`${relay.url}/v1/venue-state`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ venue_id: venue, online: true, open: true }),
    });
    expect(answer.status).toBe(400);
  });

  it.each(BAD_VENUE_IDS)('a delivery secret for a venue id %s: 400', async (_case, venue) => {
    const answer = await putDeliverySecret(relay.url, key, {
      venue_id: venue,
      secret: 'dl-secret-0123456789abcdef0123456789',
    });
    expect(answer.status).toBe(400);
  });

  it.each(BAD_VENUE_IDS.filter(([, venue]) => venue !== ''))(
    'a delivery webhook path with a venue id %s: 404',
    async (_case, venue) => {
      const answer = await send(`${relay.url}/hooks/delivery/${encodeURIComponent(venue)}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"token":"x"}',
      });
      expect(answer.status).toBe(404);
    },
  );

  it.each(BAD_VENUE_IDS.filter(([, venue]) => venue !== ''))(
    'admin create-terminal --venue with a venue id %s: exit 2, nothing created',
    async (_case, venue) => {
      const result = await collect(
        runCli(['admin', 'create-terminal', '--db', made.dbPath, '--venue', venue]),
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('is not a venue id');
      // The refusal itself prints the id escaped.
      expect(result.stderr).not.toContain('\u001b');
      expect((await listTerminalsAt(made.dbPath)).length).toBe(1);
    },
  );

  it('refuses a terminal name with control characters', async () => {
    await expect(
      createTerminalsAt(made.dbPath, [{ venueIds: ['v-door'], name: 'Till\u001b[2J' }]),
    ).rejects.toThrow(/without control characters/);
  });
});

describe('admin output', () => {
  it('escapes control characters of names stored by an older relay', async () => {
    const made = tempDir();
    try {
      // Written straight to the store, as a relay before the name check could have.
      await withStore(made.dbPath, (store) =>
        store.createTerminals([
          {
            id: 't-old',
            keyHash: 'a'.repeat(64),
            name: 'Till\u001b]0;owned\u0007\r\nforged\u009b',
            venueIds: ['v-old'],
            createdAt: 0,
          },
        ]),
      );
      const listed = await collect(runCli(['admin', 'list-terminals', '--db', made.dbPath]));
      expect(listed.code).toBe(0);
      expect(listed.stdout).toMatch(
        /^t-old\tactive\tv-old\tTill\\x1b\]0;owned\\x07\\r\\nforged\\x9b\t/,
      );
      expect(listed.stdout.trimEnd().split('\n')).toHaveLength(1);
      // Nothing but the tabs between fields and the line's own end is a control character.
      for (const field of listed.stdout.replace(/\n$/, '').split('\t')) {
        expect(escapeControl(field)).toBe(field);
      }
    } finally {
      made.remove();
    }
  });

  it('escapes bidi overrides and line separators too', () => {
    expect(escapeControl('a\u202eb\u2028c\td')).toBe('a\\u202eb\\u2028c\\td');
  });
});
