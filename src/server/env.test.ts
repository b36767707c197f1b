import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('has working defaults: port 3000 and SQLite under ./var', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/var$/);
    expect(config.psaApiBaseUrl).toBe('https://api.psacard.com/publicapi');
  });

  it('switches to PostgreSQL on a postgres:// DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/holoscope' }).databaseUrl).toBe(
      'postgres://localhost/holoscope',
    );
  });

  it('reads from a replica only beside a PostgreSQL primary', () => {
    const primary = 'postgres://primary/holoscope';
    const replica = 'postgres://replica/holoscope';
    expect(loadConfig({}).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: primary, DATABASE_READ_URL: replica }).databaseReadUrl).toBe(replica);
    for (const env of [
      { DATABASE_READ_URL: replica },
      { DATABASE_URL: 'sqlite:./var/holoscope.db', DATABASE_READ_URL: replica },
      { DATABASE_URL: primary, DATABASE_READ_URL: 'mysql://replica' },
    ]) {
      expect(() => loadConfig(env)).toThrow(/^Invalid configuration:\n {2}- DATABASE_READ_URL: /);
    }
  });

  it('lists every problem, one line each', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe', ADMIN_EMAIL: 'a@b.co' });
      expect.unreachable('a bad configuration must not load');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems.some((line) => line.startsWith('PORT:'))).toBe(true);
      expect(problems.some((line) => line.startsWith('DATABASE_URL:'))).toBe(true);
      expect(problems.some((line) => line.startsWith('DEMO_DATA:'))).toBe(true);
      expect((error as Error).message.split('\n').length).toBe(problems.length + 1);
    }
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no forwarding headers unless told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(ConfigError);
  });
});
