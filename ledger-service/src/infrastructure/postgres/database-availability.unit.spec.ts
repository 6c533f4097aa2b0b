import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connectionFailureReason, DatabaseUnavailable } from './database-availability.js';

function socketError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

function serverError(code: string, message: string): pg.DatabaseError {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  return error;
}

describe('connectionFailureReason', () => {
  it('names a refused or missing server without its address', () => {
    expect(connectionFailureReason(socketError('ECONNREFUSED', 'connect ECONNREFUSED 10.1.2.3:5432'))).toBe('connection refused');
    expect(connectionFailureReason(socketError('ENOENT', 'connect ENOENT /tmp/.s.PGSQL.5432'))).toBe('no server is listening');
    expect(connectionFailureReason(socketError('ENOTFOUND', 'getaddrinfo ENOTFOUND db.internal'))).toBe('the server name cannot be resolved');
  });

  it("gives the server's own words when it is going away or starting", () => {
    expect(connectionFailureReason(serverError('57P01', 'terminating connection due to unexpected postmaster exit'))).toBe(
      'terminating connection due to unexpected postmaster exit',
    );
    expect(connectionFailureReason(serverError('57P03', 'the database system is starting up'))).toBe('the database system is starting up');
    expect(connectionFailureReason(serverError('08006', 'connection failure'))).toBe('connection failure');
  });

  it("recognises node-postgres's lost connections, also as the cause of another error", () => {
    expect(connectionFailureReason(new Error('Connection terminated unexpectedly'))).toBe('the connection was closed');
    expect(connectionFailureReason(new Error('timeout exceeded when trying to connect'))).toBe('connecting timed out');
    expect(connectionFailureReason(new Error('Connection terminated due to connection timeout'))).toBe('connecting timed out');
    expect(connectionFailureReason(new Error('query failed', { cause: socketError('ECONNRESET', 'read ECONNRESET') }))).toBe('the connection was reset');
    expect(connectionFailureReason(new AggregateError([socketError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432')]))).toBe('connection refused');
    expect(connectionFailureReason(new DatabaseUnavailable('the embedded PostgreSQL server exited; restarting it', new Date()))).toBe(
      'the embedded PostgreSQL server exited; restarting it',
    );
  });

  it('leaves every other failure alone (it stays a 4xx or 500)', () => {
    expect(connectionFailureReason(serverError('23505', 'duplicate key value violates unique constraint'))).toBeUndefined();
    expect(connectionFailureReason(serverError('CL001', 'wrong expected version'))).toBeUndefined();
    expect(connectionFailureReason(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeUndefined();
    expect(connectionFailureReason('ECONNREFUSED')).toBeUndefined();
    expect(connectionFailureReason(undefined)).toBeUndefined();
  });
});
