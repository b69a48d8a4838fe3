import type { Database } from 'better-sqlite3';

type Facts = Record<string, string | number | boolean>;

const number = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Number(text);

/**
 * Reads back the facts an English summary of version 4 was written from ("Accept #12 (15 min)",
 * "Venue offline until …", "Menu (40 items)", "Disable pizza-1", "Book courier #12"), helped by
 * the row's payload where it holds them. Whatever a summary does not say is simply left out.
 */
const factsOf = (kind: string, summary: string, payload: Record<string, unknown>): Facts => {
  const facts: Facts = {};
  const orderNumber = /#(\S+)/.exec(summary)?.[1];
  if (orderNumber) facts.orderNumber = orderNumber;
  switch (kind) {
    case 'accept': {
      const minutes = number(/\((\d+) min\)/.exec(summary)?.[1]);
      if (minutes !== undefined) facts.minutes = minutes;
      break;
    }
    case 'venue-online':
      facts.online = payload.online === true;
      if (typeof payload.until === 'string') facts.until = payload.until;
      break;
    case 'venue-opening-times':
    case 'menu-push': {
      const count = number(/\((\d+) (?:windows|items)\)/.exec(summary)?.[1]);
      if (count !== undefined) facts.count = count;
      break;
    }
    case 'item-availability':
      if (typeof payload.externalData === 'string') facts.item = payload.externalData;
      facts.enabled = payload.enabled === true;
      break;
  }
  return facts;
};

/**
 * Outbox rows store data, never display text: the English `summary` becomes `facts` (JSON) that
 * the renderer words in the staff's language.
 */
export const migration005OutboxFacts = (db: Database): void => {
  db.exec("ALTER TABLE outbox ADD COLUMN facts TEXT NOT NULL DEFAULT '{}'");
  const rows = db.prepare('SELECT id, kind, summary, payload FROM outbox').all() as Array<{
    id: string;
    kind: string;
    summary: string;
    payload: string;
  }>;
  const update = db.prepare('UPDATE outbox SET facts = ? WHERE id = ?');
  for (const row of rows) {
    let payload: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(row.payload);
      if (parsed && typeof parsed === 'object') payload = parsed as Record<string, unknown>;
    } catch {
      // A payload that does not parse cannot be sent either; its facts come from the summary.
    }
    update.run(JSON.stringify(factsOf(row.kind, row.summary, payload)), row.id);
  }
  db.exec('ALTER TABLE outbox DROP COLUMN summary');
};
