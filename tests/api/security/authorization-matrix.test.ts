import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '#server/notifications/unsubscribe-token.ts';
import { findCardByName } from '#shared/catalogue.ts';
import { dayBefore } from '#shared/schemas/admin.ts';
import { loginUser, registerUser, registrationBody, someIp, type TestUser } from '../../helpers/auth.ts';
import { addItem, makeOffer } from '../../helpers/collection-factory.ts';
import { STAND_IN_CERTS } from '../../helpers/psa-stand-in.ts';
import { insertSales } from '../../helpers/sales-factory.ts';
import { SoftwarePasskey } from '../../helpers/passkey-authenticator.ts';
import { multipartBody, pngOf } from '../../helpers/upload.ts';
import { type Answer, type SecurityApp, send, useSecurityApp } from './security-app.ts';

const ROLES = ['visitor', 'collector', 'other', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Request = Omit<InjectOptions, 'url'> & { url: string };

interface Entry {
  /** The request to send as `role`; built per role, so each gets state of its own to act on. */
  request(world: SecurityApp, role: Role): Request | Promise<Request>;
  /** The status each role must get. */
  expect: Record<Role, number>;
  /** The request ends or replaces the session it carries, so it gets a throwaway one. */
  ownSession?: boolean;
  /**
   * The answer is the same whoever asks, so it may be cached. Every other answer depends on the session and
   * must say `Cache-Control: no-store`.
   */
  shared?: true;
}

const everyone = (status: number): Record<Role, number> => ({
  visitor: status,
  collector: status,
  other: status,
  admin: status,
});
const signedIn = (status: number): Record<Role, number> => ({
  visitor: 401,
  collector: status,
  other: status,
  admin: status,
});
const adminOnly = (status: number): Record<Role, number> => ({
  visitor: 401,
  collector: 403,
  other: 403,
  admin: status,
});
const get = (url: string) => () => ({ method: 'GET' as const, url });

/** Passkey answers in the right shape for a prompt nobody started. */
function passkeyAnswer() {
  const passkey = new SoftwarePasskey('http://localhost');
  const prompt = { challenge: 'bm8tc3VjaC1jaGFsbGVuZ2U', rp: { id: 'localhost' }, rpId: 'localhost' };
  return { register: passkey.register(prompt), signIn: passkey.signIn(prompt) };
}

const charizard = findCardByName('base_set', 'Charizard');

async function imageUpload(url: string): Promise<Request> {
  const body = await multipartBody(await pngOf(30, 30), { filename: 'me.png', type: 'image/png' });
  return { method: 'PUT', url, payload: body.payload, headers: body.headers };
}

/** An open offer from `other` on a fresh card of `collector`. */
async function openOffer(world: SecurityApp): Promise<string> {
  const item = await addItem(world.app, world.collector);
  return (await makeOffer(world.app, world.other, { itemId: item.id, amount: 120 })).id;
}

const agreedDeals = new WeakMap<SecurityApp, Map<string, Promise<string>>>();

/**
 * An agreed deal (`other`'s offer on a card of `collector`, accepted) shared by the callers of one route, who
 * come in the order of ROLES: offers a collector makes are limited in number.
 */
function agreedDeal(world: SecurityApp, route: string): Promise<string> {
  const deals = agreedDeals.get(world) ?? new Map<string, Promise<string>>();
  agreedDeals.set(world, deals);
  const known =
    deals.get(route) ??
    openOffer(world).then(async (offerId) => {
      const accepted = await world.app.inject({
        method: 'POST',
        url: `/api/offers/${offerId}/accept`,
        headers: { cookie: world.collector.cookie },
      });
      if (accepted.statusCode !== 200) throw new Error(`Accept failed: ${accepted.body}`);
      return offerId;
    });
  deals.set(route, known);
  return known;
}

const completedDeals = new WeakMap<SecurityApp, Promise<string>>();

/**
 * The deal the complete route's callers mark done, completed (by them when that route has run, else here): a
 * deal of its own would be one more offer than a collector may make in ten minutes.
 */
function completedDeal(world: SecurityApp): Promise<string> {
  const known =
    completedDeals.get(world) ??
    agreedDeal(world, 'complete').then(async (offerId) => {
      for (const party of [world.collector, world.other]) {
        await world.app.inject({
          method: 'POST',
          url: `/api/offers/${offerId}/complete`,
          headers: { cookie: party.cookie },
        });
      }
      const offer = await world.app.inject({
        url: `/api/offers/${offerId}`,
        headers: { cookie: world.collector.cookie },
      });
      if (offer.json().deal?.status !== 'completed') throw new Error(`Not completed: ${offer.body}`);
      return offerId;
    });
  completedDeals.set(world, known);
  return known;
}

const offersToTalkOn = new WeakMap<SecurityApp, Promise<string>>();

/**
 * One open offer for the requests that leave it open (reading it, writing on it): offers a collector makes
 * are limited in number, so each route and role does not get one of its own.
 */
function offerToTalkOn(world: SecurityApp): Promise<string> {
  const known = offersToTalkOn.get(world) ?? openOffer(world);
  offersToTalkOn.set(world, known);
  return known;
}

async function freshSaleIds(world: SecurityApp): Promise<string[]> {
  const [sale] = await insertSales(world.database.handle, [{}]);
  return [String(sale?.id)];
}

async function deletedSaleIds(world: SecurityApp): Promise<string[]> {
  const saleIds = await freshSaleIds(world);
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/admin/sales/delete',
    payload: { saleIds },
    headers: { cookie: world.admin.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`Delete failed: ${response.body}`);
  return saleIds;
}

/** A sale with an open flag, for a decision on it. */
async function openFlag(world: SecurityApp): Promise<string> {
  const [sale] = await insertSales(world.database.handle, [{ sale_type: 'best_offer' }]);
  await world.database.handle.db
    .insertInto('sale_flags')
    .values({
      sale_id: String(sale?.id),
      code: 'best-offer-unrevealed',
      reason: 'Sold by Best Offer: the price is the list price, not the accepted offer',
      status: 'open',
      set_id: String(sale?.set_id),
      card_name: String(sale?.card_name),
      sold_at: String(sale?.sold_at),
      created_at: new Date().toISOString(),
      decided_by: null,
      decided_at: null,
    })
    .execute();
  return `/api/admin/flags/${sale?.id}/best-offer-unrevealed/confirm`;
}

/** A fresh watch of `collector`, to act on. */
async function collectorWatchId(world: SecurityApp): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/watches',
    payload: { set: 'jungle', card: 'Scyther', above: Math.floor(Math.random() * 1_000_000) + 1 },
    headers: { cookie: world.collector.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`Watch failed: ${response.body}`);
  return response.json().watch.id;
}

/** A feed the admin adds, to act on. */
async function feedId(world: SecurityApp): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/admin/feeds',
    payload: {
      adapter: 'folder',
      name: 'Matrix feed',
      schedule: '0 6 * * *',
      settings: { folder: 'matrix' },
    },
    headers: { cookie: world.admin.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`Adding a feed failed: ${response.body}`);
  return response.json().id;
}

async function feedRunId(world: SecurityApp): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url: `/api/admin/feeds/${await feedId(world)}/run`,
    headers: { cookie: world.admin.cookie },
  });
  if (response.statusCode !== 202) throw new Error(`Starting a run failed: ${response.body}`);
  return response.json().id;
}

const feedAction = (action: string) => async (world: SecurityApp) => ({
  method: 'POST' as const,
  url: `/api/admin/feeds/${await feedId(world)}/${action}`,
});

/** A collector signed up for one request, so blocking, reporting or suspending them touches no other entry. */
async function strangerId(world: SecurityApp): Promise<string> {
  return (await registerUser(world.app)).user.id;
}

/** A fresh open report, by the other collector on a stranger's profile, for an admin to act on. */
async function openReportId(world: SecurityApp): Promise<string> {
  const response = await world.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload: { subject: 'profile', id: await strangerId(world), reason: 'Impersonates a shop.' },
    headers: { cookie: world.other.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`Reporting failed: ${response.body}`);
  return response.json().id;
}

/** Every route of the app, with the status each kind of caller gets (docs/product.md §6 and §7). */
const MATRIX: Record<string, Entry> = {
  'GET /healthz': { request: get('/healthz'), expect: everyone(200), shared: true },
  'GET /readyz': { request: get('/readyz'), expect: everyone(200), shared: true },
  'GET /api/sets': { request: get('/api/sets'), expect: everyone(200), shared: true },
  'GET /api/sets/:setId/cards': {
    request: get('/api/sets/jungle/cards'),
    expect: everyone(200),
    shared: true,
  },
  'GET /card-images/:cardId': {
    request: get(`/card-images/${charizard?.cardId}`),
    expect: everyone(200),
    shared: true,
  },
  'GET /BaseSetImages/:file': {
    request: get('/BaseSetImages/Base_Charizard_4_102.png'),
    expect: everyone(200),
    shared: true,
  },
  'GET /JungleSetImages/:file': {
    request: get('/JungleSetImages/Jungle_Scyther_10_64.jpg'),
    expect: everyone(200),
    shared: true,
  },
  'GET /FossilSetImages/:file': {
    request: get('/FossilSetImages/Fossil_Gengar_5_62.webp'),
    expect: everyone(200),
    shared: true,
  },
  'GET /media/:hash': {
    request: (world) => ({ method: 'GET', url: world.mediaUrl }),
    expect: everyone(200),
    shared: true,
  },
  'GET /api/suggestions': {
    request: get('/api/suggestions?set=base_set&q=char'),
    expect: everyone(200),
    shared: true,
  },
  'GET /api/sales/analysis': {
    request: get('/api/sales/analysis?set=base_set&card=Charizard&period=all'),
    expect: everyone(200),
  },
  'GET /api/sales/analysis.csv': {
    request: get('/api/sales/analysis.csv?set=base_set&card=Charizard'),
    expect: everyone(200),
  },
  'GET /api/sales/ladder': {
    request: get('/api/sales/ladder?set=base_set&card=Charizard&period=all'),
    expect: everyone(200),
  },
  'GET /api/sales/populations': {
    request: get('/api/sales/populations?set=fossil_set&card=Gengar'),
    expect: everyone(200),
  },
  'GET /api/sales/estimate': {
    request: get('/api/sales/estimate?set=base_set&card=Charizard&grader=PSA&grade=9'),
    expect: everyone(200),
  },
  'GET /api/consignment-agents': {
    request: get('/api/consignment-agents'),
    expect: everyone(200),
    shared: true,
  },
  'POST /api/auth/register': {
    request: () => ({ method: 'POST', url: '/api/auth/register', payload: registrationBody() }),
    expect: everyone(201),
    ownSession: true,
  },
  'POST /api/auth/login': {
    request: (world) => ({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: world.other.email, password: world.other.password },
    }),
    expect: everyone(200),
    ownSession: true,
  },
  'POST /api/auth/logout': {
    request: () => ({ method: 'POST', url: '/api/auth/logout' }),
    expect: everyone(200),
    ownSession: true,
  },
  'GET /api/auth/session': { request: get('/api/auth/session'), expect: everyone(200) },
  // This app offers no identity provider: the provider routes answer 404 to everyone, the finishing step
  // finds no pending identity, and a signed-in collector has nothing linked to unlink.
  'GET /api/auth/oidc/:providerId/start': {
    request: get('/api/auth/oidc/oidc/start'),
    expect: everyone(404),
  },
  'GET /api/auth/oidc/:providerId/callback': {
    request: get('/api/auth/oidc/oidc/callback?code=x&state=y'),
    expect: everyone(404),
  },
  'GET /api/auth/oidc/pending': { request: get('/api/auth/oidc/pending'), expect: everyone(404) },
  'POST /api/auth/oidc/complete': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/oidc/complete',
      payload: { username: 'Matrix Collector', country: 'Japan', countryCode: 'JP' },
    }),
    expect: everyone(400),
  },
  'GET /api/auth/identities': { request: get('/api/auth/identities'), expect: signedIn(200) },
  'DELETE /api/auth/identities/:providerId': {
    request: () => ({ method: 'DELETE', url: '/api/auth/identities/oidc' }),
    expect: signedIn(404),
  },
  'POST /api/auth/passkey/options': {
    request: () => ({ method: 'POST', url: '/api/auth/passkey/options' }),
    expect: everyone(200),
  },
  'POST /api/auth/passkey': {
    // No challenge cookie: refused alike for everyone, and nobody is signed in or out.
    request: () => ({ method: 'POST', url: '/api/auth/passkey', payload: passkeyAnswer().signIn }),
    expect: everyone(400),
  },
  'GET /api/me/passkeys': { request: get('/api/me/passkeys'), expect: signedIn(200) },
  'POST /api/me/passkeys/options': {
    request: () => ({ method: 'POST', url: '/api/me/passkeys/options' }),
    expect: signedIn(200),
  },
  'POST /api/me/passkeys': {
    request: () => ({ method: 'POST', url: '/api/me/passkeys', payload: passkeyAnswer().register }),
    expect: signedIn(400),
  },
  'PUT /api/me/passkeys/:id': {
    request: () => ({ method: 'PUT', url: '/api/me/passkeys/not-a-passkey', payload: { name: 'Laptop' } }),
    expect: signedIn(404),
  },
  'DELETE /api/me/passkeys/:id': {
    request: () => ({ method: 'DELETE', url: '/api/me/passkeys/not-a-passkey' }),
    expect: signedIn(404),
  },
  'GET /api/me/devices': { request: get('/api/me/devices'), expect: signedIn(200) },
  'DELETE /api/me/devices/:id': {
    request: () => ({ method: 'DELETE', url: '/api/me/devices/ffffffffffffffff' }),
    expect: signedIn(404),
  },
  'POST /api/me/devices/sign-out-others': {
    request: () => ({ method: 'POST', url: '/api/me/devices/sign-out-others' }),
    expect: signedIn(200),
  },
  'POST /api/me/password': {
    request: () => ({
      method: 'POST',
      url: '/api/me/password',
      payload: {
        currentPassword: 'not the password',
        password: 'new secret 1',
        verifyPassword: 'new secret 1',
      },
    }),
    expect: signedIn(400),
  },
  'GET /api/auth/methods': { request: get('/api/auth/methods'), expect: everyone(200), shared: true },
  // This app has no mail server: mail requests are refused as unavailable, for everyone alike.
  'POST /api/auth/email-link': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/email-link',
      payload: { email: 'someone@example.com' },
    }),
    expect: everyone(404),
  },
  'POST /api/auth/password-reset': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: 'someone@example.com' },
    }),
    expect: everyone(404),
  },
  'POST /api/auth/email-verification': {
    request: () => ({ method: 'POST', url: '/api/auth/email-verification' }),
    expect: signedIn(404),
  },
  // A link's token is the only credential these take; a made-up one is refused for everyone alike.
  'POST /api/auth/email-link/verify': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/email-link/verify',
      payload: { token: 'A'.repeat(43) },
    }),
    expect: everyone(400),
  },
  'POST /api/auth/password-reset/complete': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token: 'A'.repeat(43), password: 'new secret', verifyPassword: 'new secret' },
    }),
    expect: everyone(400),
  },
  'POST /api/auth/email-verification/verify': {
    request: () => ({
      method: 'POST',
      url: '/api/auth/email-verification/verify',
      payload: { token: 'A'.repeat(43) },
    }),
    expect: everyone(400),
  },
  'GET /api/users/:id': {
    request: (world) => ({ method: 'GET', url: `/api/users/${world.collector.user.id}` }),
    expect: everyone(200),
  },
  'PUT /api/users/me/settings': {
    request: () => ({
      method: 'PUT',
      url: '/api/users/me/settings',
      payload: { showCollectionValue: false },
    }),
    expect: signedIn(200),
  },
  'PUT /api/users/me/avatar': { request: () => imageUpload('/api/users/me/avatar'), expect: signedIn(200) },
  'PUT /api/users/me/banner': { request: () => imageUpload('/api/users/me/banner'), expect: signedIn(200) },
  'GET /api/live': { request: get('/api/live'), expect: everyone(200) },
  'GET /api/certs/availability': { request: get('/api/certs/availability'), expect: everyone(200) },
  'GET /api/certs/:certNumber': {
    request: get(`/api/certs/${STAND_IN_CERTS.noImages}`),
    expect: everyone(200),
  },
  'GET /api/certs/:certNumber/slab': {
    request: get(`/api/certs/${STAND_IN_CERTS.noImages}/slab`),
    expect: everyone(200),
  },
  'POST /api/inquiries': {
    request: () => ({
      method: 'POST',
      url: '/api/inquiries',
      payload: { kind: 'contact', name: 'Ash', email: 'ash@example.com', message: 'Hello' },
    }),
    expect: everyone(201),
  },
  'GET /api/users/:id/collection': {
    request: (world) => ({ method: 'GET', url: `/api/users/${world.collector.user.id}/collection` }),
    expect: everyone(200),
  },
  'GET /api/users/:id/collection/estimates': {
    request: (world) => ({
      method: 'GET',
      url: `/api/users/${world.collector.user.id}/collection/estimates`,
    }),
    // Private until its owner shows their collection's value.
    expect: { visitor: 401, collector: 200, other: 403, admin: 403 },
  },
  'GET /api/users/:id/collection/value': {
    request: (world) => ({ method: 'GET', url: `/api/users/${world.collector.user.id}/collection/value` }),
    // The value of a collection is its owner's alone until they show it.
    expect: { visitor: 401, collector: 200, other: 403, admin: 403 },
  },
  'POST /api/users/me/collection': {
    request: () => ({
      method: 'POST',
      url: '/api/users/me/collection',
      payload: { list: 'wtb', setId: 'fossil_set', cardName: 'Dragonite', cardNumber: '4/62' },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/users/me/collection/:itemId': {
    async request(world) {
      const item = await addItem(world.app, world.collector);
      return { method: 'DELETE', url: `/api/users/me/collection/${item.id}` };
    },
    // Another user's card is not theirs to remove, and its existence is not confirmed to them.
    expect: { visitor: 401, collector: 204, other: 404, admin: 404 },
  },
  'GET /api/collectors': {
    request: get('/api/collectors?set=base_set&card=Charizard'),
    expect: everyone(200),
  },
  'POST /api/offers': {
    request: (world) => ({
      method: 'POST',
      url: '/api/offers',
      payload: { itemId: world.collectorItemId, amount: 250.5, message: 'Interested' },
    }),
    expect: { visitor: 401, collector: 403, other: 201, admin: 201 },
  },
  'GET /api/users/me/offers': { request: get('/api/users/me/offers'), expect: signedIn(200) },
  'GET /api/users/me/inbox': { request: get('/api/users/me/inbox'), expect: signedIn(200) },
  // A fresh offer awaits its owner (collector): the buyer (other) acting out of turn is a 409.
  'POST /api/offers/:id/accept': {
    request: async (world) => ({ method: 'POST', url: `/api/offers/${await openOffer(world)}/accept` }),
    expect: { visitor: 401, collector: 200, other: 409, admin: 404 },
  },
  'POST /api/offers/:id/decline': {
    request: async (world) => ({ method: 'POST', url: `/api/offers/${await openOffer(world)}/decline` }),
    expect: { visitor: 401, collector: 200, other: 409, admin: 404 },
  },
  'POST /api/offers/:id/withdraw': {
    request: async (world) => ({ method: 'POST', url: `/api/offers/${await openOffer(world)}/withdraw` }),
    expect: { visitor: 401, collector: 403, other: 200, admin: 404 },
  },
  'POST /api/offers/:id/counter': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/offers/${await openOffer(world)}/counter`,
      payload: { amount: 150, message: 'Meet me at 150?' },
    }),
    expect: { visitor: 401, collector: 200, other: 409, admin: 404 },
  },
  'GET /api/offers/:id': {
    request: async (world) => ({ method: 'GET', url: `/api/offers/${await offerToTalkOn(world)}` }),
    expect: { visitor: 401, collector: 200, other: 200, admin: 404 },
  },
  'POST /api/offers/:id/messages': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/offers/${await offerToTalkOn(world)}/messages`,
      payload: { text: 'Is it still available?' },
    }),
    expect: { visitor: 401, collector: 201, other: 201, admin: 404 },
  },
  // Either party of one agreed deal marks it done (the second completes it); anyone else does not learn it
  // exists.
  'POST /api/offers/:id/complete': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/offers/${await agreedDeal(world, 'complete')}/complete`,
    }),
    expect: { visitor: 401, collector: 200, other: 200, admin: 404 },
  },
  // The owner (collector) cancels the deal; the buyer (other) then finds it cancelled already.
  'POST /api/offers/:id/cancel': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/offers/${await agreedDeal(world, 'cancel')}/cancel`,
      payload: { reason: 'The card was damaged in the post.' },
    }),
    expect: { visitor: 401, collector: 200, other: 409, admin: 404 },
  },
  // Each party of one completed deal rates the other once; anyone else does not learn it exists.
  'POST /api/offers/:id/rating': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/offers/${await completedDeal(world)}/rating`,
      payload: { stars: 5, comment: 'Smooth deal.' },
    }),
    expect: { visitor: 401, collector: 201, other: 201, admin: 404 },
  },
  'POST /api/users/:id/block': {
    request: async (world) => ({ method: 'POST', url: `/api/users/${await strangerId(world)}/block` }),
    expect: signedIn(204),
  },
  'DELETE /api/users/:id/block': {
    request: async (world) => ({ method: 'DELETE', url: `/api/users/${await strangerId(world)}/block` }),
    expect: signedIn(204),
  },
  'POST /api/reports': {
    request: async (world) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { subject: 'profile', id: await strangerId(world), reason: 'Asks for payment off-site.' },
    }),
    expect: signedIn(201),
  },
  'GET /api/admin/reports': { request: get('/api/admin/reports'), expect: adminOnly(200) },
  'POST /api/admin/reports/:id/dismiss': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/admin/reports/${await openReportId(world)}/dismiss`,
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/suspend': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/admin/users/${await strangerId(world)}/suspend`,
    }),
    expect: adminOnly(200),
  },
  'POST /api/watches': {
    request: () => ({
      method: 'POST',
      url: '/api/watches',
      payload: { set: 'base', card: 'Charizard', grader: 'PSA', grade: 9, below: 20_000 },
    }),
    expect: signedIn(201),
  },
  'GET /api/watches': { request: get('/api/watches'), expect: signedIn(200) },
  'DELETE /api/watches/:id': {
    request: async (world) => ({ method: 'DELETE', url: `/api/watches/${await collectorWatchId(world)}` }),
    // Another collector's watch is not theirs to remove, and its existence is not confirmed to them.
    expect: { visitor: 401, collector: 204, other: 404, admin: 404 },
  },
  'GET /api/notifications': { request: get('/api/notifications'), expect: signedIn(200) },
  'POST /api/notifications/read': {
    request: () => ({ method: 'POST', url: '/api/notifications/read', payload: {} }),
    expect: signedIn(200),
  },
  'GET /api/notifications/email-preference': {
    request: get('/api/notifications/email-preference'),
    expect: signedIn(200),
  },
  'PUT /api/notifications/email-preference': {
    request: () => ({
      method: 'PUT',
      url: '/api/notifications/email-preference',
      payload: { alertEmails: true },
    }),
    expect: signedIn(200),
  },
  // The link of an alert email works for whoever holds it, signed in or not; the token decides.
  'GET /api/notifications/unsubscribe': {
    request: async (world) => ({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(world.database.handle.db, world.collector.user.id))}`,
    }),
    expect: everyone(303),
  },
  'POST /api/notifications/unsubscribe': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(await unsubscribeToken(world.database.handle.db, world.collector.user.id))}`,
    }),
    expect: everyone(200),
  },
  'GET /api/sales/demand': {
    request: get('/api/sales/demand?set=base_set&card=Charizard'),
    expect: everyone(200),
  },
  'GET /api/admin/sales/by-day': {
    request: get('/api/admin/sales/by-day?set=base_set&offset=1'),
    expect: adminOnly(200),
  },
  'GET /api/admin/sales/search': {
    request: get('/api/admin/sales/search?set=base_set&card=Charizard&period=all'),
    expect: adminOnly(200),
  },
  'POST /api/admin/sales/delete': {
    request: async (world) => ({
      method: 'POST',
      url: '/api/admin/sales/delete',
      payload: { saleIds: await freshSaleIds(world) },
    }),
    expect: adminOnly(200),
  },
  'GET /api/admin/sales/deleted': { request: get('/api/admin/sales/deleted'), expect: adminOnly(200) },
  'POST /api/admin/sales/restore': {
    request: async (world) => ({
      method: 'POST',
      url: '/api/admin/sales/restore',
      payload: { saleIds: await deletedSaleIds(world) },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/sales/import': {
    async request() {
      const line = JSON.stringify({
        set_id: 'base_set',
        card_name: 'Blastoise',
        price: 420,
        sale_date: dayBefore(2),
        seller: 'matrix_seller',
      });
      const body = await multipartBody(`${line}\n`, { filename: 'sales.jsonl', type: 'application/json' });
      return { method: 'POST', url: '/api/admin/sales/import', payload: body.payload, headers: body.headers };
    },
    expect: adminOnly(200),
  },
  'GET /api/admin/inquiries': { request: get('/api/admin/inquiries'), expect: adminOnly(200) },
  'GET /api/admin/feeds': { request: get('/api/admin/feeds'), expect: adminOnly(200) },
  'POST /api/admin/feeds': {
    request: () => ({
      method: 'POST',
      url: '/api/admin/feeds',
      payload: {
        adapter: 'folder',
        name: 'Matrix feed',
        schedule: '0 6 * * *',
        settings: { folder: 'matrix' },
      },
    }),
    expect: adminOnly(201),
  },
  'DELETE /api/admin/feeds/:feedId': {
    request: async (world) => ({ method: 'DELETE', url: `/api/admin/feeds/${await feedId(world)}` }),
    expect: adminOnly(204),
  },
  'POST /api/admin/feeds/:feedId/pause': { request: feedAction('pause'), expect: adminOnly(200) },
  'POST /api/admin/feeds/:feedId/resume': { request: feedAction('resume'), expect: adminOnly(200) },
  'POST /api/admin/feeds/:feedId/run': { request: feedAction('run'), expect: adminOnly(202) },
  'GET /api/admin/feeds/:feedId/runs': {
    request: async (world) => ({ method: 'GET', url: `/api/admin/feeds/${await feedId(world)}/runs` }),
    expect: adminOnly(200),
  },
  'GET /api/admin/flags': { request: get('/api/admin/flags'), expect: adminOnly(200) },
  'POST /api/admin/flags/:saleId/:code/:decision': {
    request: async (world) => ({ method: 'POST', url: await openFlag(world) }),
    expect: adminOnly(200),
  },
  'GET /api/slabs/:grader/:cert': { request: get('/api/slabs/PSA/12345678'), expect: everyone(200) },
  'GET /api/admin/feed-runs/:runId': {
    request: async (world) => ({ method: 'GET', url: `/api/admin/feed-runs/${await feedRunId(world)}` }),
    expect: adminOnly(200),
  },
};

async function cookieOf(world: SecurityApp, role: Role, ownSession: boolean): Promise<string | undefined> {
  if (role === 'visitor') return undefined;
  const user: TestUser = world[role];
  return ownSession ? loginUser(world.app, user.email, user.password) : user.cookie;
}

describe('authorization matrix', () => {
  const world = useSecurityApp();

  it('has an entry for every route the app serves, and none for routes it does not', () => {
    const served = world.routes.map((route) => `${route.method} ${route.url}`);
    const missing = served.filter((key) => !(key in MATRIX));
    const stale = Object.keys(MATRIX).filter((key) => !served.includes(key));
    expect(missing, `Routes without an authorization matrix entry: ${missing.join(', ')}`).toEqual([]);
    expect(stale, `Matrix entries for routes the app does not serve: ${stale.join(', ')}`).toEqual([]);
  });

  /** The route's answer to each kind of caller, each with state of its own to act on. */
  async function answersOf(key: string): Promise<Record<Role, Answer>> {
    const entry = MATRIX[key] as Entry;
    const answers = {} as Record<Role, Answer>;
    for (const role of ROLES) {
      const request = await entry.request(world, role);
      const cookie = await cookieOf(world, role, entry.ownSession ?? false);
      answers[role] = await send(world.app, {
        ...request,
        remoteAddress: someIp(),
        headers: { ...(request.headers ?? {}), ...(cookie ? { cookie } : {}) },
      });
    }
    return answers;
  }

  it.each(Object.keys(MATRIX))(
    '%s answers each caller as the contract says, and lets no cache keep a private answer',
    async (key) => {
      const entry = MATRIX[key] as Entry;
      const answers = await answersOf(key);
      const actual = Object.fromEntries(ROLES.map((role) => [role, answers[role].statusCode]));
      const bodies = ROLES.filter((role) => answers[role].statusCode >= 400).map(
        (role) => `${role}: ${answers[role].body}`,
      );
      expect(actual, bodies.join('\n')).toEqual(entry.expect);

      for (const role of ROLES) {
        if (entry.shared) {
          const { statusCode, body } = answers[role];
          expect({ statusCode, body }, role).toEqual({
            statusCode: answers.visitor.statusCode,
            body: answers.visitor.body,
          });
        } else {
          expect(answers[role].headers['cache-control'], role).toBe('no-store');
        }
      }
    },
  );
});
