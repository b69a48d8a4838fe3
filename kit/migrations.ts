// The one migration runner of the project's databases (the terminal's SQLite, the relay's SQLite
// and PostgreSQL). Steps are numbered by position: step N brings the schema from version N-1 to
// N, and the list is append-only. All pending steps run in one transaction together with the
// version bump, so a failing step leaves the version it started from, whole; a database written
// by a newer program (a higher version than this one knows) is refused untouched.
import type { Database } from 'better-sqlite3';

export class SchemaFromTheFutureError extends Error {
  constructor(
    readonly found: number,
    readonly known: number,
    what = 'The database',
  ) {
    super(
      `${what} has schema version ${found}, but this program knows only up to ${known}. It was ` +
        `written by a newer version; update this program instead of opening it with an older one.`,
    );
    this.name = 'SchemaFromTheFutureError';
  }
}

export type MigrationPlan = { readonly from: number; readonly to: number };

/** Which steps to run from `current`; throws for a schema newer than `known` steps. */
export const planMigrations = (current: number, known: number, what?: string): MigrationPlan => {
  if (!Number.isSafeInteger(current) || current < 0)
    throw new Error(`The stored schema version ${String(current)} is not a version number.`);
  if (current > known) throw new SchemaFromTheFutureError(current, known, what);
  return { from: current, to: known };
};

export type SqliteStep = (db: Database) => void;

/**
 * Migrates a better-sqlite3 database (its `user_version`) in one IMMEDIATE transaction: two
 * processes opening the file at once cannot both migrate.
 */
export const migrateSqlite = (
  db: Database,
  steps: readonly SqliteStep[],
  what?: string,
): MigrationPlan =>
  db
    .transaction((): MigrationPlan => {
      const plan = planMigrations(
        db.pragma('user_version', { simple: true }) as number,
        steps.length,
        what,
      );
      for (const step of steps.slice(plan.from)) step(db);
      if (plan.to !== plan.from) db.pragma(`user_version = ${plan.to}`);
      return plan;
    })
    .immediate();

/** A database reached asynchronously (PostgreSQL): how to hold one locked transaction and its version. */
export type AsyncMigrationTarget<Tx> = {
  /** Runs `fn` in one transaction that no other migrating process can run beside; commits or rolls back. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  readVersion(tx: Tx): Promise<number>;
  writeVersion(tx: Tx, version: number): Promise<void>;
};

export type AsyncStep<Tx> = (tx: Tx) => Promise<void>;

export const migrateAsync = <Tx>(
  target: AsyncMigrationTarget<Tx>,
  steps: readonly AsyncStep<Tx>[],
  what?: string,
): Promise<MigrationPlan> =>
  target.transaction(async (tx) => {
    const plan = planMigrations(await target.readVersion(tx), steps.length, what);
    for (const step of steps.slice(plan.from)) await step(tx);
    if (plan.to !== plan.from) await target.writeVersion(tx, plan.to);
    return plan;
  });
