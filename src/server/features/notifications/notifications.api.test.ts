import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '#server/live/live-bus.ts';
import { importRecords, notificationsOf, saleRecord, watch } from '../../../../tests/helpers/alerts.ts';
import { makeAdmin, registerUser, type TestUser } from '../../../../tests/helpers/auth.ts';
import { addItem } from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('alerts: matching sales and open cards to watches and Want to Buy lists', () => {
  const t = useTestApp();
  let admin: TestUser;
  let run = 0;
  /** Source refs unique to this file's runs, so no import is taken for a repeat. */
  const ref = (name: string) => `${name}-${run}`;

  beforeAll(async () => {
    admin = await makeAdmin(t);
  });

  const processOutbox = () => t.app.context.notifications.processPending();

  it('notifies a watcher of each new sale in the cohort and the price condition, and nobody else', async () => {
    run += 1;
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await watch(t.app, a, { set: 'base', card: 'Charizard', grader: 'PSA', grade: 9, below: 20_000 });
    await watch(t.app, b, { set: 'base', card: 'charizard', above: 30_000 });
    await watch(t.app, c, { set: 'jungle', card: 'Scyther' });

    await importRecords(t.app, admin, [
      saleRecord({ id: ref('match'), price: 18_500 }),
      saleRecord({ id: ref('too-dear'), price: 20_000 }),
      saleRecord({ id: ref('other-grade'), grade: 10, price: 15_000 }),
      saleRecord({ id: ref('other-grader'), grading_company: 'BGS', price: 15_000 }),
      saleRecord({ id: ref('dear-bgs'), grading_company: 'BGS', grade: 9.5, price: 31_000.5 }),
      saleRecord({ id: ref('other-card'), card_name: 'Blastoise', price: 100 }),
    ]);
    expect(await notificationsOf(t.app, a)).toMatchObject({ notifications: [], unread: 0 });
    expect(await processOutbox()).toBeGreaterThan(0);

    const forA = await notificationsOf(t.app, a);
    expect(forA.unread).toBe(1);
    expect(forA.notifications).toEqual([
      {
        id: expect.any(String),
        kind: 'sale',
        setId: 'base_set',
        cardName: 'Charizard',
        grader: 'PSA',
        grade: 9,
        price: 18_500,
        soldAt: expect.any(String),
        saleId: expect.any(String),
        itemId: null,
        ownerId: null,
        offerId: null,
        actor: null,
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    const forB = await notificationsOf(t.app, b);
    expect(forB.notifications.map((n: { price: number; grader: string }) => [n.grader, n.price])).toEqual([
      ['BGS', 31_000.5],
    ]);
    expect((await notificationsOf(t.app, c)).notifications).toEqual([]);
    // Without SMTP_URL the alerts stay in the app, and looking for due emails sends nothing and fails nothing.
    expect(await t.app.context.notifications.sendDigests()).toBe(0);
  });

  it('never alerts on a sale that is flagged and excluded by the time the batch is handled', async () => {
    run += 1;
    const a = await registerUser(t.app);
    await watch(t.app, a, { set: 'fossil', card: 'Dragonite' });
    await importRecords(t.app, admin, [
      saleRecord({ id: ref('kept'), set_id: 'fossil_set', card_name: 'Dragonite', price: 400 }),
      saleRecord({ id: ref('flagged'), set_id: 'fossil_set', card_name: 'Dragonite', price: 4 }),
    ]);
    await sql`update sales set excluded = ${sql.lit(true)} where source_ref = ${ref('flagged')}`.execute(
      t.database.handle.db,
    );
    await processOutbox();
    const prices = (await notificationsOf(t.app, a)).notifications.map((n: { price: number }) => n.price);
    expect(prices).toEqual([400]);
  });

  it('handling the same batch twice creates nothing twice', async () => {
    run += 1;
    const a = await registerUser(t.app);
    await watch(t.app, a, { set: 'fossil', card: 'Gengar' });
    await importRecords(t.app, admin, [
      saleRecord({ id: ref('g'), set_id: 'fossil_set', card_name: 'Gengar' }),
    ]);
    const [outbox] = (
      await sql<{
        kind: string;
        payload: string;
        created_at: string;
      }>`select kind, payload, created_at from notification_outbox`.execute(t.database.handle.db)
    ).rows;
    expect(outbox?.kind).toBe('sales');
    await processOutbox();
    // The same work again, as after a crash between the notifications and the outbox row's removal.
    await t.database.handle.db
      .insertInto('notification_outbox')
      .values(outbox as never)
      .execute();
    expect(await processOutbox()).toBe(1);
    expect((await notificationsOf(t.app, a)).notifications).toHaveLength(1);
  });

  it('tells collectors who want a card in a matching grade when someone opens a copy to offers', async () => {
    const owner = await registerUser(t.app);
    const anyGrade = await registerUser(t.app);
    const psa9 = await registerUser(t.app);
    const psa10 = await registerUser(t.app);
    const bgs9 = await registerUser(t.app);
    await addItem(t.app, anyGrade, {
      list: 'wtb',
      setId: 'jungle_set',
      cardName: 'Snorlax',
      cardNumber: '11/64',
      grade: undefined,
      gradingCompany: undefined,
      certNumber: undefined,
      acceptingOffers: undefined,
      variant: undefined,
    });
    const wtb = {
      list: 'wtb' as const,
      setId: 'jungle_set' as const,
      cardName: 'Snorlax',
      cardNumber: '11/64',
      certNumber: undefined,
      acceptingOffers: undefined,
    };
    await addItem(t.app, psa9, { ...wtb, grade: 9, gradingCompany: 'PSA' });
    await addItem(t.app, psa9, { ...wtb, grade: 9, gradingCompany: undefined });
    await addItem(t.app, psa10, { ...wtb, grade: 10, gradingCompany: 'PSA' });
    await addItem(t.app, bgs9, { ...wtb, grade: 9, gradingCompany: 'BGS' });
    await addItem(t.app, owner, { ...wtb, grade: 9, gradingCompany: 'PSA' });

    const events: LiveEvent[] = [];
    const unsubscribe = t.app.context.live.subscribe((event) => events.push(event), psa9.user.id);
    const closed = {
      setId: 'jungle_set' as const,
      cardName: 'Snorlax',
      cardNumber: '11/64',
      grade: 9,
      gradingCompany: 'PSA' as const,
    };
    await addItem(t.app, owner, { ...closed, acceptingOffers: false });
    const open = await addItem(t.app, owner, { ...closed, acceptingOffers: true });
    await processOutbox();
    await new Promise((resolve) => setTimeout(resolve, 200));
    unsubscribe();

    const kinds = async (user: TestUser) => (await notificationsOf(t.app, user)).notifications;
    expect(await kinds(anyGrade)).toMatchObject([
      {
        kind: 'wanted-card-open',
        itemId: open.id,
        ownerId: owner.user.id,
        grader: 'PSA',
        grade: 9,
        cardName: 'Snorlax',
      },
    ]);
    expect(await kinds(psa9)).toHaveLength(1);
    expect(await kinds(psa10)).toEqual([]);
    expect(await kinds(bgs9)).toEqual([]);
    expect(await kinds(owner)).toEqual([]);
    expect(events).toContainEqual({ type: 'notification', userId: psa9.user.id, to: [psa9.user.id] });
  });

  it('pages newest first, marks read, and keeps each collector to their own', async () => {
    run += 1;
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await watch(t.app, a, { set: 'base', card: 'Machamp' });
    await importRecords(
      t.app,
      admin,
      [1, 2, 3, 4, 5].map((n) =>
        saleRecord({ id: ref(`m${n}`), card_name: 'Machamp', price: n * 10, sale_date: `2026-10-0${n}` }),
      ),
    );
    await processOutbox();
    const first = await notificationsOf(t.app, a, '?limit=2');
    expect(first.unread).toBe(5);
    expect(first.notifications).toHaveLength(2);
    const second = await notificationsOf(t.app, a, `?limit=2&before=${first.nextBefore}`);
    const third = await notificationsOf(t.app, a, `?limit=2&before=${second.nextBefore}`);
    expect(third.nextBefore).toBeNull();
    const all = [...first.notifications, ...second.notifications, ...third.notifications];
    expect(all.map((n: { id: string }) => Number(n.id))).toEqual(
      all.map((n: { id: string }) => Number(n.id)).sort((x: number, y: number) => y - x),
    );
    expect(new Set(all.map((n: { price: number }) => n.price))).toEqual(new Set([10, 20, 30, 40, 50]));

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [first.notifications[0].id] },
      headers: { cookie: b.cookie },
    });
    expect(foreign.statusCode).toBe(200);
    expect((await notificationsOf(t.app, a)).unread).toBe(5);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: [first.notifications[0].id] },
      headers: { cookie: a.cookie },
    });
    const after = await notificationsOf(t.app, a);
    expect(after.unread).toBe(4);
    expect(after.notifications[0].read).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: {},
      headers: { cookie: a.cookie },
    });
    expect((await notificationsOf(t.app, a)).unread).toBe(0);
  });

  it('answers visitors and bad input with the error body', async () => {
    const visitor = await t.app.inject({ url: '/api/notifications' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthenticated');
    const a = await registerUser(t.app);
    for (const url of [
      '/api/notifications?before=abc',
      '/api/notifications?limit=0',
      '/api/notifications?limit=1000',
    ]) {
      const response = await t.app.inject({ url, headers: { cookie: a.cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      payload: { ids: ['x'] },
      headers: { cookie: a.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });
});
