import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../tests/helpers/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/helpers/test-database.ts';
import { type App, buildApp } from './app.ts';
import { SLOW_REQUEST_MS } from './request-logs.ts';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string; headers?: Record<string, string> };
  res?: { statusCode: number };
  err?: { message: string };
  responseTime?: number;
}

/** What operators find in the logs at the default level (docs/operations.md, "Logs"). */
describe('log lines about requests', () => {
  let database: TestDatabase;
  let app: App;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(database, { logLevel: 'info' }), {
      database: database.handle,
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
    app.get('/api/test/broken', async () => {
      throw new Error('the disk caught fire');
    });
    app.get('/api/test/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
      return { done: true };
    });
    await app.ready();
  });

  beforeEach(() => {
    lines.length = 0;
  });

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('writes none for requests that go well', async () => {
    for (const url of [
      '/api/suggestions?set=base_set&q=cha',
      '/api/sets',
      '/api/collectors?card=Charizard',
    ]) {
      expect((await app.inject(url)).statusCode).toBe(200);
    }
    expect((await app.inject('/api/users/nobody')).statusCode).toBe(404);
    expect(lines).toEqual([]);
  });

  it('logs a failed request as an error, with its method, address and error, and without its cookie', async () => {
    const response = await app.inject({
      url: '/api/test/broken?x=1',
      headers: { cookie: 'holoscope_session=secret-token' },
    });
    expect(response.statusCode).toBe(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'request failed',
      req: { method: 'GET', url: '/api/test/broken?x=1' },
      err: { message: 'the disk caught fire' },
    });
    expect(JSON.stringify(lines[0])).not.toContain('secret-token');
  });

  it('logs a slow request as a warning, with how long it took', async () => {
    expect((await app.inject('/api/test/slow')).statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'slow request',
      req: { method: 'GET', url: '/api/test/slow' },
      res: { statusCode: 200 },
    });
    expect(lines[0]?.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  });

  it('writes both lines of every request at LOG_LEVEL=debug', async () => {
    const verbose: LogLine[] = [];
    const debugApp = await buildApp(testConfig(database, { logLevel: 'debug' }), {
      database: database.handle,
      logStream: { write: (line) => verbose.push(JSON.parse(line)) },
    });
    try {
      await debugApp.ready();
      verbose.length = 0;
      expect((await debugApp.inject('/api/suggestions?set=base_set&q=cha')).statusCode).toBe(200);
      expect(verbose.filter((line) => line.level === 20).map((line) => line.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      expect(verbose.find((line) => line.msg === 'incoming request')?.req).toMatchObject({
        method: 'GET',
        url: '/api/suggestions?set=base_set&q=cha',
      });
    } finally {
      await debugApp.close();
    }
  });
});
