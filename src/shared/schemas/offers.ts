import { z } from 'zod';
import { GRADING_COMPANIES } from '../collection-rules.ts';
import { SET_IDS } from '../sets.ts';
import { centsFromDollars } from './common.ts';

/** docs/product.md §9: the offer sheet's fixed text. */
export const OFFER_RESPONSE_TIME_TEXT = 'Response time: 2h avg';

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_ACTIONS = ['accept', 'decline', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

export const MAX_OFFER_AMOUNT = 10_000_000;
export const MAX_OFFER_MESSAGE_LENGTH = 500;

export const OFFER_MESSAGES = {
  amount: 'Enter an amount in dollars, for example 2500.',
  amountPositive: 'An offer must be more than $0.',
  amountTooHigh: 'Offers are at most $10,000,000.',
  amountCents: 'Use at most two decimals for cents.',
  messageTooLong: 'Your message can be at most 500 characters.',
  itemRequired: 'Choose the card you are making an offer on.',
  itemNotFound: 'We could not find this card.',
  ownCard: 'You cannot make an offer on your own card.',
  notAccepting: 'This card is not accepting offers.',
  wantToBuy: 'Offers can only be made on collected cards, not on Want to Buy cards.',
  alreadyOpen: 'You already have an open offer on this card. Withdraw it to make a new one.',
  offerNotFound: 'We could not find this offer.',
  noLongerOpen: 'This offer is no longer open.',
} as const;

/** POST /api/offers: an amount in US dollars (whole cents once parsed) on a collected card that accepts offers. */
export const MakeOfferBodySchema = z.object({
  itemId: z
    .string({ error: OFFER_MESSAGES.itemRequired })
    .trim()
    .min(1, OFFER_MESSAGES.itemRequired)
    .max(100, OFFER_MESSAGES.itemNotFound),
  amount: centsFromDollars({
    max: MAX_OFFER_AMOUNT,
    messages: {
      'not-a-number': OFFER_MESSAGES.amount,
      'not-positive': OFFER_MESSAGES.amountPositive,
      'too-large': OFFER_MESSAGES.amountTooHigh,
      'too-precise': OFFER_MESSAGES.amountCents,
    },
  }),
  message: z
    .string()
    .trim()
    .max(MAX_OFFER_MESSAGE_LENGTH, OFFER_MESSAGES.messageTooLong)
    .nullish()
    .meta({ description: 'Optional note to the owner, at most 500 characters' }),
});
/** What a client sends: the amount in dollars. */
export type MakeOfferBody = z.input<typeof MakeOfferBodySchema>;
/** The same after validation: the amount in whole cents, the message trimmed. */
export type ValidOffer = z.output<typeof MakeOfferBodySchema>;

export const OfferPartySchema = z.object({ id: z.string(), username: z.string() });

export const OfferItemSchema = z.object({
  id: z.string(),
  cardName: z.string(),
  cardNumber: z.string(),
  setId: z.enum(SET_IDS),
  imageUrl: z.string(),
  grade: z.number().int().nullable(),
  gradingCompany: z.enum(GRADING_COMPANIES).nullable(),
});

export const OfferSchema = z
  .object({
    id: z.string(),
    status: z.enum(OFFER_STATUSES),
    /** US dollars, up to two decimals. */
    amount: z.number(),
    message: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
    /** ISO 8601: when the status last changed. */
    updatedAt: z.string(),
    /** From the viewer's side: an offer they received on their card, or one they sent. */
    direction: z.enum(['received', 'sent']),
    item: OfferItemSchema,
    /** The sender of a received offer, the card's owner for a sent one. */
    otherParty: OfferPartySchema,
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

/** GET /api/users/me/offers: newest first, at most MAX_LISTED_OFFERS of each. */
export const MAX_LISTED_OFFERS = 200;
export const OffersResponseSchema = z.object({
  received: z.array(OfferSchema),
  sent: z.array(OfferSchema),
});
export type OffersResponse = z.infer<typeof OffersResponseSchema>;

export const OfferIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
