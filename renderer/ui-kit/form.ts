// The steps every form shares: what was typed is trimmed, then validated and sent; schema issues
// become one message per field, a bridge failure becomes the form's error, and the submit button
// is busy while the call runs.
import { useState } from 'react';
import { z } from 'zod';
import type { BridgeError } from '../../shared/ipc/contract';
import { keptText } from './bridge';
import { en } from './messages';

/**
 * A schema's check that has no message of its own (a required field's `min(1)`, a length limit)
 * in the screen's words, asked at each validation so it follows a switch of language. zod uses it
 * only where the schema gave none: a check's own message (or kept refusal) still wins.
 */
export const fieldIssueWords: z.core.$ZodErrorMap = (issue) => {
  const limit = (value: unknown): number => Number(value);
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' && limit(issue.minimum) <= 1
        ? en.fieldIssues.required
        : en.fieldIssues.atLeast(limit(issue.minimum));
    case 'too_big':
      return issue.origin === 'string'
        ? en.fieldIssues.tooLong(limit(issue.maximum))
        : en.fieldIssues.atMost(limit(issue.maximum));
    case 'invalid_type':
      return issue.expected === 'number' ? en.fieldIssues.number : en.fieldIssues.required;
    default:
      return en.fieldIssues.check;
  }
};

/** Makes every schema the screen validates with word its own checks in the screen's language. */
export const wordFieldIssues = (): void => {
  z.config({ customError: fieldIssueWords });
};

type Issue = { path: PropertyKey[]; message: string };
type Parsed<T> =
  { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<Issue> } };

const topLevelField = (path: PropertyKey[]): string | null =>
  path[0] === undefined ? null : String(path[0]);

/** What staff typed, without the spaces a paste brings along. */
export const trimValues = <K extends string>(values: Record<K, string>): Record<K, string> => {
  const entries = Object.entries<string>(values).map(([k, v]) => [k, v.trim()]);
  return Object.fromEntries(entries) as Record<K, string>;
};

/** The first message for each field; `field` names the input an issue's path belongs to. */
export const fieldErrors = (
  issues: ReadonlyArray<Issue>,
  field: (path: PropertyKey[]) => string | null = topLevelField,
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const name = field(issue.path);
    // A schema's message kept as a refusal (shared/refusals.ts) reads in the screen's language.
    if (name && !errors[name]) errors[name] = keptText(issue.message);
  }
  return errors;
};

export const useFormSubmit = () => {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows `fixFields` and the per-field messages when `parsed` failed; otherwise runs `send`. */
  const submit = async <T>(
    parsed: Parsed<T>,
    fixFields: string,
    send: (data: T) => Promise<BridgeError | null>,
    field?: (path: PropertyKey[]) => string | null,
  ): Promise<void> => {
    setError(null);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues, field));
      setError(fixFields);
      return;
    }
    setErrors({});
    setBusy(true);
    const failure = await send(parsed.data);
    if (failure) {
      setError(failure.message);
      // The service's own per-field refusals (a check it ran) land on the fields they name.
      if (failure.issues)
        setErrors(fieldErrors(failure.issues.map((i) => ({ path: [i.path], message: i.message }))));
    }
    setBusy(false);
  };

  return { errors, error, busy, submit };
};
