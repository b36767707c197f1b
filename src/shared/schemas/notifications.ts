import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notification-text.ts';
import { SET_IDS } from '../sets.ts';
import { SetIdSchema } from './common.ts';

export const NOTIFICATION_PAGE_SIZE = 20;

export const NotificationSchema = z.object({
  id: z.string(),
  /**
   * sale: a new sale matched a watch; wanted-card-open: a card on your Want to Buy list is open to offers;
   * offer-expired: an offer you made or received expired without an answer; deal-completed, deal-cancelled:
   * the deal an accepted offer became was completed or cancelled. The other collector of an offer took a step
   * (docs/decisions/054-offer-step-alerts.md): offer-received (they made an offer on your card),
   * offer-countered, offer-message, offer-accepted, offer-declined, offer-passed-over (they accepted another
   * offer on the card), offer-withdrawn, deal-sent, deal-received (they marked their side of the deal),
   * deal-rated.
   */
  kind: z.enum(NOTIFICATION_KINDS),
  setId: z.enum(SET_IDS),
  cardName: z.string(),
  grader: z.string().nullable(),
  grade: z.number().nullable(),
  /** The sale's price in US dollars (sale notifications). */
  price: z.number().nullable(),
  soldAt: z.string().nullable(),
  saleId: z.string().nullable(),
  /** The collected card that is open to offers, and its owner (wanted-card-open notifications). */
  itemId: z.string().nullable(),
  ownerId: z.string().nullable(),
  /** The offer the notification is about (it links to /offers/{id}). */
  offerId: z.string().nullable(),
  /** The offer's other collector, who took the step (their username); null for other kinds. */
  actor: z.string().nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationsQuerySchema = z.object({
  /** Only notifications older than this one (its id): the next page. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'before is the id of a notification.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
});

export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  unread: z.number().int(),
  /** Pass as `before` for the next page; null when this is the last. */
  nextBefore: z.string().nullable(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/**
 * POST /api/notifications/read: the given notifications, or those about one offer (its page was opened), or
 * all of them when neither is sent.
 */
export const MarkReadBodySchema = z.object({
  ids: z
    .array(z.string().regex(/^\d{1,18}$/, 'ids are notification ids.'))
    .max(100)
    .optional(),
  offerId: z
    .string()
    .min(1, 'offerId is the id of an offer.')
    .max(100, 'offerId is the id of an offer.')
    .optional(),
});

export const MarkReadResponseSchema = z.object({ unread: z.number().int() });

export const BAD_UNSUBSCRIBE_LINK =
  'This unsubscribe link is not complete or not ours. Open the link in your latest alert email again.';

export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: BAD_UNSUBSCRIBE_LINK })
    .min(1, BAD_UNSUBSCRIBE_LINK)
    .max(300, BAD_UNSUBSCRIBE_LINK),
});

export const UnsubscribedResponseSchema = z.object({ unsubscribed: z.literal(true) });

/** Turning Alert emails on for an account whose stored address is not a bare address (docs/product.md §10). */
export const ADDRESS_NOT_MAILABLE =
  'Alert emails cannot be turned on: the email address on your account is not a single plain address. Your alerts still show up here.';

/** The collector's Alert emails switch (docs/product.md §10); off is the same as unsubscribing. */
export const EmailPreferenceSchema = z.object({
  alertEmails: z.boolean({ error: 'Alert emails is on or off.' }),
});
export type EmailPreference = z.infer<typeof EmailPreferenceSchema>;

/** The switch's state as the collector sees it: the choice, and the newest alert email if it never arrived. */
export const EmailPreferenceStatusSchema = EmailPreferenceSchema.extend({
  /** When that email was written, and the mail server's last answer (or why it could not be reached). */
  undelivered: z.object({ at: z.string(), reason: z.string() }).nullable(),
});
export type EmailPreferenceStatus = z.infer<typeof EmailPreferenceStatusSchema>;

export const DemandQuerySchema = z.object({
  set: SetIdSchema.default('base_set'),
  card: z.string().trim().min(1, 'Enter a card name.').max(100, 'Card names are at most 100 characters.'),
});

export const DemandResponseSchema = z.object({
  /** How many distinct collectors have the card on their Want to Buy list, per grader and grade. */
  wanted: z.array(
    z.object({ grader: z.string().nullable(), grade: z.number().nullable(), collectors: z.number().int() }),
  ),
  /** Distinct collectors who want the card in any grade. */
  collectors: z.number().int(),
  /** Open offers on copies of the card; the highest in US dollars, null when there are none. */
  openOffers: z.object({ count: z.number().int(), highest: z.number().nullable() }),
});
export type DemandResponse = z.infer<typeof DemandResponseSchema>;
