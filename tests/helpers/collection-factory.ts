import type { App } from '#server/app.ts';
import type { LiveEvent } from '#server/live/live-bus.ts';
import type { AddCollectionItemBody, CollectionItem } from '#shared/schemas/collections.ts';
import type { MakeOfferBody, Offer, OffersResponse } from '#shared/schemas/offers.ts';
import type { TestUser } from './auth.ts';

/** A collected Base Set Charizard PSA 9 that accepts offers, changed by `overrides`. */
export function itemBody(overrides: Partial<AddCollectionItemBody> = {}): AddCollectionItemBody {
  return {
    list: 'collected',
    setId: 'base_set',
    cardName: 'Charizard',
    cardNumber: '4/102',
    grade: 9,
    gradingCompany: 'PSA',
    certNumber: '12345678',
    variant: '1st Edition',
    acceptingOffers: true,
    ...overrides,
  };
}

export function postItem(app: App, cookie: string | undefined, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/users/me/collection',
    payload: body as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** Adds a card through the API as the user and returns the created item. */
export async function addItem(
  app: App,
  owner: TestUser,
  overrides: Partial<AddCollectionItemBody> = {},
): Promise<CollectionItem> {
  const response = await postItem(app, owner.cookie, itemBody(overrides));
  if (response.statusCode !== 201) throw new Error(`Add failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function postOffer(app: App, cookie: string | undefined, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/offers',
    payload: body as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

export async function makeOffer(app: App, sender: TestUser, body: MakeOfferBody): Promise<Offer> {
  const response = await postOffer(app, sender.cookie, body);
  if (response.statusCode !== 201) throw new Error(`Offer failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function offerAction(app: App, cookie: string | undefined, offerId: string, action: string) {
  return app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/${action}`,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** POST /api/offers/{id}/counter, /messages or /cancel as the user (a visitor without a cookie). */
export function postToOffer(
  app: App,
  cookie: string | undefined,
  offerId: string,
  what: 'counter' | 'messages' | 'cancel' | 'rating',
  body: unknown,
) {
  return app.inject({
    method: 'POST',
    url: `/api/offers/${offerId}/${what}`,
    payload: body as object,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** GET /api/offers/{id} as the user (a visitor without a cookie). */
export function getOffer(app: App, cookie: string | undefined, offerId: string) {
  return app.inject({ url: `/api/offers/${offerId}`, ...(cookie ? { headers: { cookie } } : {}) });
}

/** The user's received and sent offers, as GET /api/users/me/offers gives them. */
export async function offersOf(app: App, user: TestUser): Promise<OffersResponse> {
  const response = await app.inject({ url: '/api/users/me/offers', headers: { cookie: user.cookie } });
  if (response.statusCode !== 200) throw new Error(`Offers failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

export interface RecordedEvents {
  events: LiveEvent[];
  /** Resolves once an event matching `predicate` has arrived (PostgreSQL delivers through NOTIFY, later). */
  waitFor(predicate: (event: LiveEvent) => boolean, timeoutMs?: number): Promise<LiveEvent>;
  stop(): void;
}

/** Listens on the app's live bus as `viewerId` would (null: a visitor). */
export function recordLiveEvents(app: App, viewerId: string | null): RecordedEvents {
  const events: LiveEvent[] = [];
  const stop = app.context.live.subscribe((event) => events.push(event), viewerId);
  return {
    events,
    stop,
    async waitFor(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No such live event; heard ${JSON.stringify(events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}
