import { isDatabaseBusy, isDatabaseUnavailable, unavailableReason } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('which database errors mean "unavailable" (503) rather than a bug or bad input', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET')],
    [
      'a backend terminated by an administrator',
      withCode('terminating connection due to administrator command', '57P01'),
    ],
    ['a server starting up or shutting down', withCode('the database system is starting up', '57P03')],
    ['a connection failure (class 08)', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool wait that timed out', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['a closed PGlite', new Error('PGlite is closed')],
    ['a wrapped cause', new Error('query failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
    [
      'every address refused',
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ],
  ])('%s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a syntax error (a bug: 500)', withCode('syntax error at or near "selec"', '42601')],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a bad uuid', withCode('invalid input syntax for type uuid: "x"', '22P02')],
    ['an ordinary error', new Error('boom')],
    ['not an error at all', 'ECONNREFUSED'],
  ])('not %s', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it('gives a short reason for the log: the code and the first line', () => {
    expect(unavailableReason(withCode('terminating connection\nDETAIL: row (secret)', '57P01'))).toBe(
      '57P01: terminating connection',
    );
  });
});

describe('which database errors mean "busy" (503: the statement ran out of time, the database is there)', () => {
  it.each([
    ['a statement ended at statement_timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a lock not had within lock_timeout', withCode('canceling statement due to lock timeout', '55P03')],
  ])('%s', (_what, err) => {
    expect(isDatabaseBusy(err)).toBe(true);
    expect(isDatabaseUnavailable(err)).toBe(false);
  });

  it.each([
    ['a server gone', withCode('terminating connection due to administrator command', '57P01')],
    ['a syntax error', withCode('syntax error at or near "selec"', '42601')],
    ['not an error at all', '57014'],
  ])('not %s', (_what, err) => {
    expect(isDatabaseBusy(err)).toBe(false);
  });
});
