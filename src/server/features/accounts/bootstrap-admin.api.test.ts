import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '#server/db/connect.ts';
import { prepareOnStart } from '#server/startup.ts';
import { loginUser, registerUser } from '../../../../tests/helpers/auth.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';
import { createOrPromoteAdmin } from './bootstrap-admin.ts';

describe('admin accounts', () => {
  const t = useTestApp();
  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user;

  it('creates an admin who can sign in, and records it', async () => {
    const result = await createOrPromoteAdmin(t.database.handle.db, ' Boss@Example.com ', 'admin password');
    expect(result).toMatchObject({ email: 'boss@example.com', username: 'boss', created: true });
    const user = await sessionOf(await loginUser(t.app, 'boss@example.com', 'admin password'));
    expect(user).toMatchObject({ isAdmin: true, username: 'boss' });
    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', result.id)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['create-admin']);
  });

  it('promotes an existing collector and sets the given password', async () => {
    const collector = await registerUser(t.app);
    expect(collector.user.isAdmin).toBe(false);
    const result = await createOrPromoteAdmin(t.database.handle.db, collector.email, 'new admin password');
    expect(result).toMatchObject({ id: collector.user.id, created: false });
    const user = await sessionOf(await loginUser(t.app, collector.email, 'new admin password'));
    expect(user).toMatchObject({ id: collector.user.id, isAdmin: true });
  });

  it('picks a free username when the email name is taken', async () => {
    await registerUser(t.app, { username: 'oak' });
    const result = await createOrPromoteAdmin(t.database.handle.db, 'oak@lab.example', 'admin password');
    expect(result.username).toBe('oak2');
  });

  it('refuses a bad email or a short password', async () => {
    await expect(createOrPromoteAdmin(t.database.handle.db, 'nobody', 'admin password')).rejects.toThrow(
      /not a valid email/,
    );
    await expect(createOrPromoteAdmin(t.database.handle.db, 'ok@example.com', '123')).rejects.toThrow(
      /6 to 256 characters/,
    );
  });
});

describe('ADMIN_EMAIL and ADMIN_PASSWORD at start', () => {
  const t = useTestApp({ adminEmail: 'owner@example.com', adminPassword: 'owner password' });

  it('make that account an admin before the server takes requests', async () => {
    await prepareOnStart(t.app.context, t.app.log);
    await prepareOnStart(t.app.context, t.app.log);
    const cookie = await loginUser(t.app, 'owner@example.com', 'owner password');
    const user = (await t.app.inject({ url: '/api/auth/session', headers: { cookie } })).json().user;
    expect(user.isAdmin).toBe(true);
  });
});

describe('npm run create-admin', () => {
  it('makes an admin in the configured database', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'holoscope-cli-'));
    const run = (args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/create-admin.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'production' },
        encoding: 'utf8',
      });
    const usage = run([]);
    expect(usage.status).toBe(2);
    expect(usage.stdout).toContain('--email <email> --password <password>');

    const created = run(['--email', 'ops@example.com', '--password', 'admin password']);
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Created admin ops@example.com');
    const again = run(['--email', 'ops@example.com', '--password', 'admin password']);
    expect(again.stdout).toContain('ops@example.com is now an admin');

    const database = connectDatabase({ databaseUrl: undefined, dataDir });
    const rows = await database.db.selectFrom('users').select(['email', 'is_admin']).execute();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    expect(rows).toEqual([{ email: 'ops@example.com', is_admin: 1 }]);
  });
});
