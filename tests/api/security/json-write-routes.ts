import fc from 'fast-check';
import { hostileString } from './hostile-input.ts';

/**
 * Amounts that have caught money rules out: more than $0 but 0 cents once rounded (1e-9, 5e-324, 0.004),
 * negative zero, half cents, float sums, the route maxima and a cent past them, values past any maximum,
 * plus any double and any number of cents. JSON carries no NaN or Infinity, so neither is sent.
 */
export const hostileAmount: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      1e-9,
      5e-324,
      -5e-324,
      Number.EPSILON,
      0.004,
      0.005,
      0.0049999999,
      0,
      -0,
      -0.01,
      0.01,
      0.1 + 0.2,
      1.005,
      10.005,
      299.99,
      300,
      2500.5,
      9_999_999.99,
      10_000_000,
      10_000_000.01,
      1e21,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_VALUE,
    ),
  },
  { weight: 2, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 2, arbitrary: fc.double({ min: -1, max: 1, noNaN: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -100, max: 1_000_000_000 }).map((cents) => cents / 100) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: hostileString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, '12.50', '1e-9', [], {}) },
);

/** A field's sensible values most of the time, hostile strings otherwise. */
const textOr = (...sensible: string[]) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...sensible) }, { weight: 1, arbitrary: hostileString });

/** What the route bodies can name: cards of the collector that accept offers, and offers on them. */
export interface JsonWriteWorld {
  itemIds: string[];
  /** Open offers from the other collector on the collector's cards. */
  offerIds: string[];
}

export interface JsonWriteRoute {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  /** Where to send it when `url` has a parameter. */
  target?(world: JsonWriteWorld): string;
  /** Who sends it: a visitor, the collector who owns the cards, or another collector. */
  as: 'visitor' | 'collector' | 'other';
  /** Bodies shaped like the route's own, with hostile numbers and strings among sensible values. */
  body(world: JsonWriteWorld): fc.Arbitrary<Record<string, unknown>>;
  /** Where the route stores money, in whole cents: never zero or less. */
  money: { table: string; column: string }[];
}

/**
 * Every JSON route that takes numbers and strings, as data: a new one (watches, with their prices) is one
 * more entry here, and the property test in hostile-input.test.ts then covers it.
 */
export const JSON_WRITE_ROUTES: JsonWriteRoute[] = [
  {
    method: 'POST',
    url: '/api/offers',
    as: 'other',
    body: (world) =>
      fc.record(
        {
          itemId: fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...world.itemIds) },
            { weight: 1, arbitrary: hostileString },
          ),
          amount: hostileAmount,
          message: fc.oneof(fc.constant(null), textOr('Would you take this?', '   ')),
        },
        { requiredKeys: ['itemId', 'amount'] },
      ),
    money: [{ table: 'offers', column: 'amount_cents' }],
  },
  {
    method: 'POST',
    url: '/api/offers/:id/counter',
    target: (world) => `/api/offers/${world.offerIds[0]}/counter`,
    as: 'collector',
    body: () =>
      fc.record(
        { amount: hostileAmount, message: fc.oneof(fc.constant(null), textOr('Meet me halfway?', '   ')) },
        { requiredKeys: ['amount'] },
      ),
    money: [
      { table: 'offers', column: 'amount_cents' },
      { table: 'offer_rounds', column: 'amount_cents' },
    ],
  },
  {
    method: 'POST',
    url: '/api/offers/:id/rating',
    target: (world) => `/api/offers/${world.offerIds[0]}/rating`,
    as: 'other',
    body: () =>
      fc.record(
        {
          stars: fc.oneof(fc.integer({ min: 1, max: 5 }), hostileAmount),
          comment: fc.oneof(fc.constant(null), textOr('Smooth deal, well packed.', '   ')),
        },
        { requiredKeys: ['stars'] },
      ),
    money: [],
  },
  {
    method: 'POST',
    url: '/api/inquiries',
    as: 'visitor',
    body: () =>
      fc.record(
        {
          kind: textOr('advance', 'contact', 'partnership'),
          name: textOr('Ash Ketchum'),
          email: textOr('ash@example.com'),
          message: textOr('I would like an advance on my Charizard.'),
          card: textOr('Charizard 4/102 PSA 9'),
          estimatedValue: hostileAmount,
        },
        { requiredKeys: ['kind', 'name', 'email', 'message'] },
      ),
    money: [{ table: 'inquiries', column: 'estimated_value_cents' }],
  },
  {
    method: 'POST',
    url: '/api/users/me/collection',
    as: 'collector',
    body: () =>
      fc.record(
        {
          list: textOr('collected', 'wtb'),
          setId: textOr('base_set', 'jungle', 'fossil_set'),
          cardName: textOr('Charizard', 'Scyther', 'Dragonite'),
          cardNumber: textOr('4/102', '10', ''),
          grade: fc.oneof(fc.integer({ min: 1, max: 10 }), hostileAmount),
          gradingCompany: textOr('PSA', 'BGS', 'CGC'),
          certNumber: textOr('12345678', 'AB-1234'),
          variant: textOr('1st Edition', 'Shadowless', 'Unlimited'),
          acceptingOffers: fc.oneof(fc.boolean(), hostileAmount),
        },
        { requiredKeys: ['list', 'setId', 'cardName'] },
      ),
    money: [],
  },
  {
    method: 'POST',
    url: '/api/watches',
    as: 'collector',
    body: () =>
      fc.record(
        {
          set: textOr('base_set', 'jungle', 'fossil_set'),
          card: textOr('Charizard', 'scyther non-holo', 'Dragonite'),
          grader: textOr('PSA', 'BGS', 'CGC', 'SGC', 'TAG'),
          grade: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.constant(9.5), hostileAmount),
          below: hostileAmount,
          above: hostileAmount,
        },
        { requiredKeys: ['set', 'card'] },
      ),
    money: [
      { table: 'watches', column: 'below_cents' },
      { table: 'watches', column: 'above_cents' },
    ],
  },
];

/**
 * JSON routes whose bodies hold no numbers, or no amounts of money and only admins send them (a feed's
 * look-back days): the general hostile-input test covers them.
 */
export const JSON_ROUTES_WITHOUT_NUMBERS = [
  'POST /api/admin/feeds',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/email-link',
  'POST /api/auth/email-link/verify',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/complete',
  'POST /api/auth/email-verification/verify',
  'POST /api/auth/oidc/complete',
  'POST /api/admin/sales/delete',
  'POST /api/admin/sales/restore',
  'POST /api/notifications/read',
  'PUT /api/notifications/email-preference',
  'PUT /api/users/me/settings',
  'POST /api/auth/passkey',
  'POST /api/me/passkeys',
  'PUT /api/me/passkeys/:id',
  'POST /api/me/password',
  'POST /api/offers/:id/messages',
  'POST /api/offers/:id/cancel',
  'POST /api/reports',
];
