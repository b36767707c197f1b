import { beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addFeed, runNow, waitForRun } from '../../../../tests/helpers/feeds.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const folderFeed = (name: string, schedule = '15 4 * * *') => ({
  adapter: 'folder',
  name,
  schedule,
  settings: { folder: 'scheduled' },
});

describe('/api/admin/feeds', () => {
  const t = useTestApp();
  let admin: TestUser;

  beforeAll(async () => {
    admin = await makeAdmin(t);
    await t.app.context.feeds.start();
  });

  it('is for admins only', async () => {
    const visitor = await t.app.inject({ url: '/api/admin/feeds' });
    expect(visitor.statusCode).toBe(401);
    const collector = await registerUser(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feeds',
      headers: { cookie: collector.cookie },
      payload: folderFeed('Nope'),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Admin permissions required');
  });

  it('refuses a schedule that is not five-field cron, and settings that do not fit the adapter, field by field', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/admin/feeds', headers: { cookie: admin.cookie }, payload });
    const badCron = await post(folderFeed('Bad cron', '61 * * * *'));
    expect(badCron.statusCode).toBe(400);
    expect(badCron.json().error.fields.schedule).toMatch(/^The schedule is not valid cron syntax/);
    const sixFields = await post(folderFeed('Seconds', '0 0 6 * * *'));
    expect(sixFields.statusCode).toBe(400);
    expect(sixFields.json().error.fields.schedule).toMatch(/five fields/);
    const outside = await post({ ...folderFeed('Escape'), settings: { folder: '../../etc' } });
    expect(outside.statusCode).toBe(400);
    expect(Object.keys(outside.json().error.fields)).toEqual(['settings.folder']);
    const noSecret = await post({
      adapter: 'ebay',
      name: 'eBay',
      schedule: '0 6 * * *',
      settings: {},
      secrets: { clientId: 'x' },
    });
    expect(noSecret.statusCode).toBe(400);
    expect(Object.keys(noSecret.json().error.fields)).toEqual(['secrets.clientSecret']);
    const ftp = await post({
      adapter: 'url',
      name: 'FTP',
      schedule: '0 6 * * *',
      settings: { url: 'ftp://partner.example/x.csv' },
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().error.fields['settings.url']).toBe('Give an http:// or https:// address.');
  });

  it('computes the next run from the schedule, clears it while paused and sets it from now on resume', async () => {
    const before = Date.now();
    const feed = await addFeed(t.app, admin, folderFeed('Daily at 04:15'));
    const next = new Date(feed.nextRunAt!);
    expect([next.getUTCHours(), next.getUTCMinutes(), next.getUTCSeconds()]).toEqual([4, 15, 0]);
    expect(next.getTime()).toBeGreaterThan(before);
    expect(next.getTime() - before).toBeLessThanOrEqual(86_400_000);

    const paused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${feed.id}/pause`,
      headers: { cookie: admin.cookie },
    });
    expect(paused.json()).toMatchObject({ paused: true, nextRunAt: null });
    const resumed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${feed.id}/resume`,
      headers: { cookie: admin.cookie },
    });
    expect(resumed.json()).toMatchObject({ paused: false, nextRunAt: feed.nextRunAt });

    const audit = await t.database.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('subject', '=', feed.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual(
      ['feed.create', 'feed.pause', 'feed.resume'].map((action) => ({ action, actor: admin.user.id })),
    );

    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/feeds/feed_nope/pause',
      headers: { cookie: admin.cookie },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('runs a feed whose time has come when the scheduler ticks, once, and skips a paused one', async () => {
    const due = await addFeed(t.app, admin, folderFeed('Every five minutes', '*/5 * * * *'));
    const paused = await addFeed(t.app, admin, folderFeed('Paused', '*/5 * * * *'));
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${paused.id}/pause`,
      headers: { cookie: admin.cookie },
    });
    // The scheduler's tick comes once a minute; here its time is made to have come.
    await t.database.handle.db
      .updateTable('feeds')
      .set({ next_run_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    await Promise.all([t.app.context.feeds.tick(), t.app.context.feeds.tick()]);

    const runsOf = async (feedId: string) =>
      (
        await t.app.inject({ url: `/api/admin/feeds/${feedId}/runs`, headers: { cookie: admin.cookie } })
      ).json().runs;
    const [run, ...more] = await runsOf(due.id);
    expect(more).toEqual([]);
    expect(run).toMatchObject({ trigger: 'schedule' });
    await waitForRun(t.app, admin, run.id);
    expect(await runsOf(paused.id)).toEqual([]);

    const list = (await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: admin.cookie } })).json();
    const listed = list.feeds.find((feed: { id: string }) => feed.id === due.id);
    expect(listed.latestRun).toMatchObject({ id: run.id, status: 'succeeded' });
    expect(Date.parse(listed.nextRunAt)).toBeGreaterThan(Date.now() - 1000);
  });

  it('runs one feed at most every 5 minutes, even one whose schedule was stored before that was checked', async () => {
    const post = (schedule: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/feeds',
        headers: { cookie: admin.cookie },
        payload: folderFeed('Too often', schedule),
      });
    for (const [schedule, gap] of [
      ['* * * * *', '1 minute'],
      ['*/4 * * * *', '4 minutes'],
      ['0,58 0,23 * * *', '2 minutes'],
    ]) {
      const refused = await post(schedule!);
      expect(refused.statusCode, schedule).toBe(400);
      expect(refused.json().error.fields).toEqual({
        schedule: `A feed runs at most every 5 minutes; this schedule has runs ${gap} apart.`,
      });
    }
    expect((await post('*/5 * * * *')).statusCode).toBe(201);

    const legacy = await addFeed(t.app, admin, folderFeed('Stored every minute'));
    const due = new Date(Date.now() - 1000).toISOString();
    await t.database.handle.db
      .updateTable('feeds')
      .set({ schedule: '* * * * *', next_run_at: due })
      .where('id', '=', legacy.id)
      .execute();
    await t.app.context.feeds.tick();
    const { feeds } = (
      await t.app.inject({ url: '/api/admin/feeds', headers: { cookie: admin.cookie } })
    ).json();
    const ticked = feeds.find((feed: { id: string }) => feed.id === legacy.id);
    expect(Date.parse(ticked.nextRunAt)).toBeGreaterThanOrEqual(Date.parse(due) + 5 * 60_000);
    expect(Date.parse(ticked.nextRunAt)).toBeLessThan(Date.parse(due) + 6 * 60_000);
    await waitForRun(t.app, admin, ticked.latestRun.id);
  });

  it('starts one run at a time: run now answers 409 while a run is under way', async () => {
    const feed = await addFeed(t.app, admin, folderFeed('One at a time'));
    const first = await runNow(t.app, admin, feed.id);
    const second = await t.app.inject({
      method: 'POST',
      url: `/api/admin/feeds/${feed.id}/run`,
      headers: { cookie: admin.cookie },
    });
    // The first run may already be over on a fast machine; then a second one starts.
    if (second.statusCode === 409) {
      expect(second.json().error).toEqual({
        code: 'conflict',
        message: 'This feed has a run under way. Wait for it to finish.',
      });
    } else {
      expect(second.statusCode).toBe(202);
      expect((await waitForRun(t.app, admin, first.id)).run.status).toBe('succeeded');
    }
    await waitForRun(t.app, admin, first.id);
  });

  // Last: it fills the feeds up.
  it('keeps at most 50 feeds, however many are added at once', async () => {
    const count = async () =>
      Number(
        (
          await t.database.handle.db
            .selectFrom('feeds')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (let n = await count(); n < 45; n++) await addFeed(t.app, admin, folderFeed(`Feed ${n}`));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/feeds',
          headers: { cookie: admin.cookie },
          payload: folderFeed(`Racing ${n}`),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'conflict',
        message: 'There are 50 feeds, the most there can be. Delete one to add another.',
      });
    }
    expect(await count()).toBe(50);
  });
});
