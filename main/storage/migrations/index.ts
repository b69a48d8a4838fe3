import type { Database } from 'better-sqlite3';
import { migration001Initial } from './001-initial';
import { migration002ItemAvailability } from './002-item-availability';
import { migration003Deliveries } from './003-deliveries';

/** Migration N (1-based) brings the schema from user_version N-1 to N. Append only. */
export const MIGRATIONS: ReadonlyArray<(db: Database) => void> = [
  migration001Initial,
  migration002ItemAvailability,
  migration003Deliveries,
];
