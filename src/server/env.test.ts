import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PUBLIC_ORIGIN_REQUIRED } from './env.ts';

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

describe('alert email and the notification worker', () => {
  it('sends no email without SMTP_URL, and runs the worker unless told not to', () => {
    const config = loadConfig({});
    expect(config.smtpUrl).toBeUndefined();
    expect(config.notificationWorker).toBe(true);
    expect(config.mailFrom).toBe('Holoscope <alerts@localhost>');
    expect(loadConfig({ NOTIFICATION_WORKER: 'off' }).notificationWorker).toBe(false);
  });

  it('takes an smtp:// or smtps:// server and sends from the public origin’s host', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://alerts:secret@mail.example:465',
      PUBLIC_ORIGIN: 'https://holoscope.example',
    });
    expect(config.smtpUrl).toBe('smtps://alerts:secret@mail.example:465');
    expect(config.mailFrom).toBe('Holoscope <alerts@holoscope.example>');
    expect(loadConfig({ SMTP_URL: 'smtp://localhost:25', MAIL_FROM: 'Cards <a@b.example>' }).mailFrom).toBe(
      'Cards <a@b.example>',
    );
    for (const env of [{ SMTP_URL: 'https://mail.example' }, { NOTIFICATION_WORKER: 'maybe' }]) {
      expect(() => loadConfig(env)).toThrow(
        /^Invalid configuration:\n {2}- (SMTP_URL|NOTIFICATION_WORKER): /,
      );
    }
  });
});

describe('FEEDS_ALLOWED_HOSTS', () => {
  it('lets feeds reach no host inside the network unless it names the host', () => {
    expect(loadConfig({}).feedsAllowedHosts).toEqual([]);
    expect(
      loadConfig({ FEEDS_ALLOWED_HOSTS: '127.0.0.1, Partner.Internal,[::1]' }).feedsAllowedHosts,
    ).toEqual(['127.0.0.1', 'partner.internal', '::1']);
    expect(() => loadConfig({ FEEDS_ALLOWED_HOSTS: 'http://partner.internal/' })).toThrow(ConfigError);
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

describe('PUBLIC_ORIGIN', () => {
  it('is required to serve in production, with a line that says why', () => {
    for (const env of [{}, { NODE_ENV: 'production' }, { NODE_ENV: 'production', PUBLIC_ORIGIN: '' }]) {
      try {
        loadConfig(env, { serving: true });
        expect.unreachable('a production server without PUBLIC_ORIGIN must not start');
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        expect((error as ConfigError).problems).toEqual([PUBLIC_ORIGIN_REQUIRED]);
      }
    }
  });

  it('stops a production server at start with that line', () => {
    const { PUBLIC_ORIGIN: _unset, ...inherited } = process.env;
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...inherited, NODE_ENV: 'production', PORT: '0', DATA_DIR: '/nonexistent/holoscope' },
      encoding: 'utf8',
      timeout: 30_000,
      // Were the check missing, the server would start; it must not outlive the test.
      killSignal: 'SIGKILL',
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(PUBLIC_ORIGIN_REQUIRED);
  }, 40_000);

  it('is listed with the other problems', () => {
    expect(() => loadConfig({ PORT: 'eighty' }, { serving: true })).toThrow(
      expect.objectContaining({ problems: [expect.stringMatching(/^PORT:/), PUBLIC_ORIGIN_REQUIRED] }),
    );
  });

  it('is not needed in development, in tests, or by command-line tools', () => {
    expect(loadConfig({ NODE_ENV: 'development' }, { serving: true }).publicOrigin).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test' }, { serving: true }).publicOrigin).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'production' }).publicOrigin).toBeUndefined();
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://holoscope.example' }, { serving: true })
        .publicOrigin,
    ).toBe('https://holoscope.example');
  });
});

describe('the identity provider', () => {
  const provider = {
    OIDC_ISSUER: 'https://accounts.google.com',
    OIDC_CLIENT_ID: 'holoscope.apps.example',
    OIDC_CLIENT_SECRET: 'client-secret',
    OIDC_NAME: 'Google',
  };

  it('offers none by default, and one with the id oidc when all four variables are set', () => {
    expect(loadConfig({}).identityProviders).toEqual([]);
    expect(loadConfig(provider).identityProviders).toEqual([
      {
        id: 'oidc',
        name: 'Google',
        issuer: 'https://accounts.google.com',
        clientId: 'holoscope.apps.example',
        clientSecret: 'client-secret',
      },
    ]);
  });

  it('stops the start when only some of the four are set', () => {
    expect(() => loadConfig({ ...provider, OIDC_CLIENT_SECRET: '' })).toThrow(
      'OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET and OIDC_NAME go together: set all four or none',
    );
  });

  it('takes an issuer over https, or over http only on this machine', () => {
    expect(loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:4000' }).identityProviders).toHaveLength(
      1,
    );
    for (const issuer of ['http://id.example.com', 'ftp://id.example.com', 'not a url']) {
      expect(() => loadConfig({ ...provider, OIDC_ISSUER: issuer })).toThrow(
        /^Invalid configuration:\n {2}- OIDC_ISSUER: /,
      );
    }
  });
});
