import type { PoolClient } from 'pg';

/**
 * Runs fn on one pooled connection and gives it back. While a connection is checked out the pool
 * no longer listens for its errors, and a connection that dies between two statements (PostgreSQL
 * restarting sends every backend a FATAL message) emits an 'error' event: with no listener that
 * event kills the process. Here it is caught: fn's next statement fails instead, and the broken
 * connection is dropped from the pool rather than given back.
 */
export async function withConnection<T>(
  connect: () => Promise<PoolClient>,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  const client = await connect();
  let lost: Error | undefined;
  const onError = (error: Error) => {
    lost ??= error;
  };
  client.on('error', onError);
  try {
    return await fn(client);
  } finally {
    client.removeListener('error', onError);
    client.release(lost);
  }
}

/** Runs fn in one transaction on one pooled connection: committed, or rolled back and rethrown. */
export function inTransaction<T>(
  connect: () => Promise<PoolClient>,
  fn: (client: PoolClient) => Promise<T>,
): Promise<T> {
  return withConnection(connect, async (client) => {
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}
