import { Availability } from './availability';

describe('Availability (database, Redis)', () => {
  it('logs an outage once when it starts and once when it ends, whatever the number of failures', () => {
    const lines: string[] = [];
    const log = {
      warn: (_: object, msg: string) => lines.push(msg),
      info: (_: object, msg: string) => lines.push(msg),
    };
    let now = 1_000;
    const database = new Availability('database', log, () => now);
    expect(database.state).toBe('ok');
    for (let i = 0; i < 100; i++) database.markUnavailable(new Error('connect ECONNREFUSED'));
    now += 3_000;
    expect(database.state).toBe('unavailable');
    expect(database.downForSeconds).toBe(3);
    database.markAvailable();
    database.markAvailable();
    expect(database.state).toBe('ok');
    expect(lines).toEqual(['database unavailable: answering 503 until it is back', 'database available again']);
  });
});
