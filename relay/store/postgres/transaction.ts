import type { PoolClient } from 'pg';

/** Runs fn in one transaction on one pooled connection: committed, or rolled back and rethrown. */
export async function inTransaction<T>(
  connect: () => Promise<PoolClient>,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
