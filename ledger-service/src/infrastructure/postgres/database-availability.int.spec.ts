import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database.js';
import { freePort } from '../../shared/free-port.js';
import { DatabaseAvailability } from './database-availability.js';
import { createPool } from './database.js';

/** What fetch throws when a peer (a price feed, the XRPL node) refuses the connection. */
function peerRefused(port: number): Error {
  return new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:${port}`), { code: 'ECONNREFUSED' }) });
}

describe('DatabaseAvailability', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('availability');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('does not blame the database for another peer that refuses connections while the database answers', async () => {
    const pool = createPool(database.connectionString, 2);
    const availability = new DatabaseAvailability(pool);
    try {
      expect(await availability.unavailableReason(peerRefused(await freePort()))).toBeUndefined();
      expect(availability.state).toEqual({ available: true });
    } finally {
      availability.close();
      await pool.end();
    }
  });

  it('reports a database that does not answer, with the reason, until it answers', async () => {
    const port = await freePort();
    const pool = createPool(`postgres://postgres:unused@127.0.0.1:${port}/nothing`, 2);
    const availability = new DatabaseAvailability(pool, () => undefined, 50);
    try {
      const failure = await pool.query('select 1').catch((error: unknown) => error);
      expect(await availability.unavailableReason(failure)).toBe('connection refused');
      expect(availability.state).toMatchObject({ available: false, reason: 'connection refused' });
      await expect(availability.ensureAvailable()).rejects.toMatchObject({ name: 'DatabaseUnavailable', reason: 'connection refused' });
    } finally {
      availability.close();
      await pool.end();
    }
  });
});
