import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresSkipReason, type PgCluster } from '../../testing/pg-cluster';
import { acquirePgCluster, releasePgCluster } from '../../testing/store-fixture';
import { inTransaction, withConnection } from './transaction';

const skip = postgresSkipReason();

describe.skipIf(skip !== null)(
  `relay PostgreSQL connections${skip ? ` (SKIPPED: ${skip})` : ''}`,
  () => {
    let cluster: PgCluster;
    let pool: pg.Pool;
    let admin: pg.Client;
    const poolErrors: Error[] = [];
    beforeAll(async () => {
      cluster = await acquirePgCluster();
      const url = await cluster.createDatabase();
      pool = new pg.Pool({ connectionString: url, max: 2 });
      pool.on('error', (error) => poolErrors.push(error));
      admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('CREATE TABLE notes (text text NOT NULL)');
    });
    afterAll(async () => {
      await admin?.end();
      await pool?.end();
      await releasePgCluster();
    });

    /** Ends the backend behind a checked-out connection the way a PostgreSQL restart does. */
    const terminateBetweenStatements = async (client: pg.PoolClient) => {
      const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]
        ?.pid;
      const ended = new Promise((resolve) => client.once('end', resolve));
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      // The FATAL message has arrived and the socket is closed; no statement was running.
      await ended;
      return pid as number;
    };

    it('survives a connection that dies between two statements: the next one fails, the process lives on', async () => {
      let dead = 0;
      await expect(
        withConnection(
          () => pool.connect(),
          async (client) => {
            dead = await terminateBetweenStatements(client);
            await client.query('SELECT 1');
          },
        ),
      ).rejects.toThrow(/not queryable|terminat/i);
      // The dead connection was dropped, not handed out again: the pool works on.
      const pids = await Promise.all(
        [1, 2, 3].map(async () => {
          const { rows } = await pool.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          return rows[0]?.pid;
        }),
      );
      expect(dead).toBeGreaterThan(0);
      expect(pids).not.toContain(dead);
      expect(poolErrors).toEqual([]);
    });

    it('rolls back a transaction whose connection dies, and commits nothing of it', async () => {
      await expect(
        inTransaction(
          () => pool.connect(),
          async (client) => {
            await client.query("INSERT INTO notes (text) VALUES ('lost')");
            await terminateBetweenStatements(client);
            await client.query("INSERT INTO notes (text) VALUES ('lost too')");
          },
        ),
      ).rejects.toThrow(/not queryable|terminat/i);
      await inTransaction(
        () => pool.connect(),
        (client) => client.query("INSERT INTO notes (text) VALUES ('kept')"),
      );
      const { rows } = await pool.query<{ text: string }>('SELECT text FROM notes');
      expect(rows.map((row) => row.text)).toEqual(['kept']);
    });
  },
);
