// The order-status refusals' ICU select, built the same way in every language: one sentence per
// status the order is in (`{n}` its number), after "the platform refused" when it was the
// platform that said so (`by`: platform).
import type { OrderStatus } from './order-status';

export const orderStatusSelect = (
  platformRefused: string,
  sentences: Record<OrderStatus, string>,
  changed: string,
): string =>
  `{by, select, platform {${platformRefused} } other {}}{status, select, ${Object.entries(sentences)
    .map(([status, sentence]) => `${status} {${sentence}}`)
    .join(' ')} other {${changed}}}`;
