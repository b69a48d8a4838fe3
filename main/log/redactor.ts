// What must never leave this machine in a log line or a diagnostics bundle: secrets (whatever the
// keychain handed out or took in) and customers' personal data. Field names are redacted by the
// logger; this catches the same values wherever else they turn up (an error message quoting a
// token, a reason echoing a phone number), by value.
import type { SecretStore } from '../secrets/secret-store';

export const REDACTED = '[redacted]';
/** Shorter values ("1", "yes") would redact innocent text and protect nothing. */
const MIN_LENGTH = 4;
/** Customers' values kept (newest): about a busy day of orders, and a pattern built in ms. */
const PERSONAL_CAP = 1500;

export type Redactor = {
  /** Secrets: redacted for as long as the app runs. */
  add(...values: ReadonlyArray<string | null | undefined>): void;
  /** Customers' data: the newest few thousand values are redacted. */
  addPersonal(...values: ReadonlyArray<string | null | undefined>): void;
  /** `text` with every remembered value replaced. */
  scrub(text: string): string;
};

const escape = (value: string): string => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// A JSON line holds a value with its quotes and backslashes escaped: match that form too.
const forms = (value: string): string[] => {
  const encoded = JSON.stringify(value).slice(1, -1);
  return encoded === value ? [value] : [value, encoded];
};

export const createRedactor = (): Redactor => {
  const secrets = new Set<string>();
  // Insertion order is age: the oldest customers' values go first.
  const personal = new Set<string>();
  // Built when next needed: values come in bursts (a relay batch), scrubs one line at a time.
  let pattern: RegExp | null = null;
  let stale = false;
  const current = (): RegExp | null => {
    if (stale) {
      const all = [...secrets, ...personal].sort((a, b) => b.length - a.length);
      pattern = all.length ? new RegExp(all.map(escape).join('|'), 'g') : null;
      stale = false;
    }
    return pattern;
  };
  const learn = (
    into: Set<string>,
    values: ReadonlyArray<string | null | undefined>,
    cap: number,
  ): void => {
    let grew = false;
    for (const value of values) {
      const trimmed = value?.trim();
      if (!trimmed || trimmed.length < MIN_LENGTH) continue;
      for (const form of forms(trimmed)) {
        if (secrets.has(form) || into.has(form)) continue;
        into.add(form);
        grew = true;
      }
    }
    while (into.size > cap) into.delete(into.values().next().value as string);
    if (grew) stale = true;
  };
  return {
    add: (...values) => learn(secrets, values, Number.POSITIVE_INFINITY),
    addPersonal: (...values) => learn(personal, values, PERSONAL_CAP),
    scrub: (text) => {
      const found = current();
      return found ? text.replace(found, REDACTED) : text;
    },
  };
};

/**
 * A keychain whose every secret, read or written, the redactor learns. Main reaches secrets only
 * through it, so a secret is learnt before any code holding it could log it.
 */
export const redactingSecretStore = (store: SecretStore, redactor: Redactor): SecretStore => ({
  get: async (name) => {
    const value = await store.get(name);
    redactor.add(value);
    return value;
  },
  set: async (name, value) => {
    redactor.add(value);
    await store.set(name, value);
  },
  delete: (name) => store.delete(name),
});
