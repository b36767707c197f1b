import { z } from 'zod';
import { GRADING_COMPANIES } from '../collection-rules.ts';
import { SET_IDS } from '../sets.ts';
import { DealRatingSchema } from './ratings.ts';
import { centsFromDollars } from './common.ts';

/** docs/product.md §9: the offer sheet's fixed text. */
export const OFFER_RESPONSE_TIME_TEXT = 'Response time: 2h avg';

/** docs/decisions/048-offer-rounds-and-conversation.md: an open offer ends in one of the other four. */
export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'withdrawn', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
export const OFFER_ACTIONS = ['accept', 'decline', 'withdraw'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];
/** The two parties: the buyer made the offer, the owner holds the card. */
export const OFFER_PARTIES = ['buyer', 'owner'] as const;
export type OfferParty = (typeof OFFER_PARTIES)[number];
/** An accepted offer is a deal: agreed until both parties have marked it done, or either cancels it. */
export const DEAL_STATUSES = ['agreed', 'completed', 'cancelled'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const MAX_DEAL_CANCEL_REASON_LENGTH = 500;

export const MAX_OFFER_AMOUNT = 10_000_000;
export const MAX_OFFER_MESSAGE_LENGTH = 500;
export const MAX_CONVERSATION_MESSAGE_LENGTH = 1_000;
/** An open offer whose awaited party has not answered the last round for this long expires. */
export const OFFER_EXPIRY_DAYS = 7;
export const OFFER_EXPIRY_MS = OFFER_EXPIRY_DAYS * 24 * 60 * 60 * 1000;

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
  expired: 'This offer expired after 7 days without an answer.',
  notYourTurn: 'It is not your turn: this offer is waiting for the other collector to answer.',
  onlyBuyerWithdraws: 'Only the collector who made an offer can withdraw it. Decline it instead.',
  textRequired: 'Write a message.',
  textTooLong: 'Your message can be at most 1,000 characters.',
  conversationClosed: 'This offer has ended: no more messages can be sent.',
  cardInDeal:
    'This card is in an agreed deal and takes no new offers until the deal is completed or cancelled.',
  noDeal: 'This offer has not been accepted, so there is no deal to complete or cancel.',
  dealCompleted: 'This deal is already completed.',
  dealCancelled: 'This deal was cancelled.',
  alreadyMarked: 'You have already marked this deal. It completes when the other collector marks it too.',
  reasonRequired: 'Say why you are cancelling the deal.',
  reasonTooLong: 'The reason can be at most 500 characters.',
} as const;

const offerAmount = () =>
  centsFromDollars({
    max: MAX_OFFER_AMOUNT,
    messages: {
      'not-a-number': OFFER_MESSAGES.amount,
      'not-positive': OFFER_MESSAGES.amountPositive,
      'too-large': OFFER_MESSAGES.amountTooHigh,
      'too-precise': OFFER_MESSAGES.amountCents,
    },
  });

const roundMessage = (to: string) =>
  z
    .string()
    .trim()
    .max(MAX_OFFER_MESSAGE_LENGTH, OFFER_MESSAGES.messageTooLong)
    .nullish()
    .meta({ description: `Optional note to the ${to}, at most 500 characters` });

/** POST /api/offers: an amount in US dollars (whole cents once parsed) on a collected card that accepts offers. */
export const MakeOfferBodySchema = z.object({
  itemId: z
    .string({ error: OFFER_MESSAGES.itemRequired })
    .trim()
    .min(1, OFFER_MESSAGES.itemRequired)
    .max(100, OFFER_MESSAGES.itemNotFound),
  amount: offerAmount(),
  message: roundMessage('owner'),
});
/** What a client sends: the amount in dollars. */
export type MakeOfferBody = z.input<typeof MakeOfferBodySchema>;
/** The same after validation: the amount in whole cents, the message trimmed. */
export type ValidOffer = z.output<typeof MakeOfferBodySchema>;

/** POST /api/offers/{id}/counter: a new amount under the offer's rules, by the party whose turn it is. */
export const CounterOfferBodySchema = z.object({
  amount: offerAmount(),
  message: roundMessage('other collector'),
});
export type CounterOfferBody = z.input<typeof CounterOfferBodySchema>;
export type ValidCounter = z.output<typeof CounterOfferBodySchema>;

/** POST /api/offers/{id}/messages: plain text; links are not made clickable and no HTML is rendered. */
export const OfferMessageBodySchema = z.object({
  text: z
    .string({ error: OFFER_MESSAGES.textRequired })
    .trim()
    .min(1, OFFER_MESSAGES.textRequired)
    .max(MAX_CONVERSATION_MESSAGE_LENGTH, OFFER_MESSAGES.textTooLong)
    .meta({ description: 'Plain text, 1 to 1,000 characters' }),
});
export type OfferMessageBody = z.input<typeof OfferMessageBodySchema>;

export const OfferPartySchema = z.object({ id: z.string(), username: z.string() });

export const OfferItemSchema = z.object({
  id: z.string(),
  cardName: z.string(),
  cardNumber: z.string(),
  setId: z.enum(SET_IDS),
  imageUrl: z.string(),
  grade: z.number().int().nullable(),
  gradingCompany: z.enum(GRADING_COMPANIES).nullable(),
  certNumber: z.string().nullable(),
});
export type OfferItem = z.infer<typeof OfferItemSchema>;

/** POST /api/offers/{id}/cancel: why the deal is called off, which the other collector reads. */
export const CancelDealBodySchema = z.object({
  reason: z
    .string({ error: OFFER_MESSAGES.reasonRequired })
    .trim()
    .min(1, OFFER_MESSAGES.reasonRequired)
    .max(MAX_DEAL_CANCEL_REASON_LENGTH, OFFER_MESSAGES.reasonTooLong)
    .meta({ description: 'Plain text, 1 to 500 characters' }),
});
export type CancelDealBody = z.input<typeof CancelDealBodySchema>;

export const DealSchema = z
  .object({
    status: z.enum(DEAL_STATUSES),
    /** ISO 8601: when the buyer marked the card received; null until then. */
    receivedAt: z.string().nullable(),
    /** ISO 8601: when the owner marked the card sent; null until then. */
    sentAt: z.string().nullable(),
    /** True when the viewer has marked their side (sent or received). */
    youMarked: z.boolean(),
    /** Who cancelled a cancelled deal, and why. */
    cancelledBy: z.enum(OFFER_PARTIES).nullable(),
    cancelReason: z.string().nullable(),
    /** ISO 8601: when the deal was agreed, then when it was last changed. */
    agreedAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Deal' });
export type Deal = z.infer<typeof DealSchema>;

export const OfferSchema = z
  .object({
    id: z.string(),
    status: z.enum(OFFER_STATUSES),
    /** US dollars, up to two decimals: the last round's amount, the one agreed when accepted. */
    amount: z.number(),
    /** The buyer's note with the first round. */
    message: z.string().nullable(),
    /** Whose answer an open offer waits for; null once it has ended. */
    awaiting: z.enum(OFFER_PARTIES).nullable(),
    /** True when the viewer is the awaited party: they may counter, accept or decline. */
    yourTurn: z.boolean(),
    /** ISO 8601: when an open offer expires unless the awaited party answers; null once it has ended. */
    expiresAt: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
    /** ISO 8601: when the status last changed. */
    updatedAt: z.string(),
    /** From the viewer's side: an offer they received on their card, or one they sent. */
    direction: z.enum(['received', 'sent']),
    item: OfferItemSchema,
    /** The sender of a received offer, the card's owner for a sent one. */
    otherParty: OfferPartySchema,
    /** The deal an accepted offer became; null for any other offer. */
    deal: DealSchema.nullable(),
  })
  .meta({ id: 'Offer' });
export type Offer = z.infer<typeof OfferSchema>;

export const OfferRoundSchema = z
  .object({
    by: z.enum(OFFER_PARTIES),
    /** US dollars. */
    amount: z.number(),
    message: z.string().nullable(),
    /** ISO 8601. */
    at: z.string(),
  })
  .meta({ id: 'OfferRound' });

export const OfferMessageSchema = z
  .object({
    id: z.string(),
    by: z.enum(OFFER_PARTIES),
    /** Plain text, as written. */
    text: z.string(),
    /** ISO 8601. */
    at: z.string(),
  })
  .meta({ id: 'OfferMessage' });
export type OfferMessage = z.infer<typeof OfferMessageSchema>;

/**
 * GET /api/offers/{id}: the offer with its rounds (oldest first), its conversation (oldest first) and, once
 * its deal is completed, the ratings its parties gave each other (none, one or two).
 */
export const OfferDetailSchema = OfferSchema.extend({
  rounds: z.array(OfferRoundSchema),
  messages: z.array(OfferMessageSchema),
  ratings: z.array(DealRatingSchema),
}).meta({ id: 'OfferDetail' });
export type OfferDetail = z.infer<typeof OfferDetailSchema>;

/** GET /api/users/me/offers: newest first, at most MAX_LISTED_OFFERS of each. */
export const MAX_LISTED_OFFERS = 200;
export const OffersResponseSchema = z.object({
  received: z.array(OfferSchema),
  sent: z.array(OfferSchema),
});
export type OffersResponse = z.infer<typeof OffersResponseSchema>;

export const OfferIdParamsSchema = z.object({ id: z.string().min(1).max(100) });
