// Stand-in for kit/migrations.ts's migrateAsync until the kit lands on main (same signature).
export class SchemaFromTheFutureError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database is at schema version ${found}, newer than this program knows (${known}). ` +
        'Run the newer version, or restore a backup made for this one.',
    );
    this.name = 'SchemaFromTheFutureError';
  }
}

export type AsyncMigrationTarget<Tx> = {
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  readVersion(tx: Tx): Promise<number>;
  writeVersion(tx: Tx, version: number): Promise<void>;
};

export async function migrateAsync<Tx>(
  target: AsyncMigrationTarget<Tx>,
  steps: readonly ((tx: Tx) => Promise<void>)[],
): Promise<number> {
  return target.transaction(async (tx) => {
    const current = await target.readVersion(tx);
    if (current > steps.length) throw new SchemaFromTheFutureError(current, steps.length);
    for (let version = current + 1; version <= steps.length; version += 1) {
      await (steps[version - 1] as (tx: Tx) => Promise<void>)(tx);
    }
    if (current !== steps.length) await target.writeVersion(tx, steps.length);
    return steps.length;
  });
}
