import { z } from 'zod';
import { OfferItemSchema, OfferPartySchema } from './offers.ts';

/**
 * Where an offer stands, as the inbox says it: the offer's own status until it is accepted, then its deal's
 * (deal-agreed, completed, cancelled). `accepted` is left only for an accepted offer without a deal.
 */
export const INBOX_STATES = [
  'open',
  'accepted',
  'declined',
  'withdrawn',
  'expired',
  'deal-agreed',
  'completed',
  'cancelled',
] as const;
export type InboxState = (typeof INBOX_STATES)[number];

export const INBOX_PAGE_SIZE = 20;
const BAD_CURSOR = 'cursor is the nextCursor of the page before.';

/** GET /api/users/me/inbox */
export const InboxQuerySchema = z.object({
  /** The nextCursor of the page before: only offers with older activity. */
  cursor: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z_[\w-]{1,100}$/, BAD_CURSOR)
    .optional(),
  limit: z.coerce.number().int().min(1).max(50).default(INBOX_PAGE_SIZE),
});

export const InboxRowSchema = z
  .object({
    /** The offer; its conversation is at /offers/{id}. */
    id: z.string(),
    /** received: an offer on the viewer's card; sent: one the viewer made. */
    direction: z.enum(['received', 'sent']),
    state: z.enum(INBOX_STATES),
    /** US dollars: the last round's amount (the agreed one for a deal). */
    amount: z.number(),
    /**
     * yours: the viewer answers next (an open offer awaiting them, or an agreed deal they have not marked);
     * theirs: the other collector does; null once there is nothing left to do.
     */
    turn: z.enum(['yours', 'theirs']).nullable(),
    item: OfferItemSchema.omit({ certNumber: true }),
    otherParty: OfferPartySchema,
    /** ISO 8601: the newest of the offer's last change, its deal's last change and its last message. */
    activityAt: z.string(),
    /** True while the viewer has an unread notification about the offer. */
    unread: z.boolean(),
  })
  .meta({ id: 'InboxRow' });
export type InboxRow = z.infer<typeof InboxRowSchema>;

export const InboxResponseSchema = z.object({
  offers: z.array(InboxRowSchema),
  /** Pass as `cursor` for the next page; null when this is the last. */
  nextCursor: z.string().nullable(),
});
export type InboxResponse = z.infer<typeof InboxResponseSchema>;
