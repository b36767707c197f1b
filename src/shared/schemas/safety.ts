import { z } from 'zod';

/** Open offers a collector may have made at once (docs/decisions/053-blocks-reports-and-suspension.md). */
export const MAX_OPEN_OFFERS = 20;
/** Offer messages a collector may write in an hour. */
export const MAX_OFFER_MESSAGES_PER_HOUR = 30;
export const MAX_REPORT_REASON_LENGTH = 500;

export const SAFETY_MESSAGES = {
  blockYourself: 'You cannot block yourself.',
  collectorNotFound: 'We could not find this collector.',
  blockedByThem: "You can't make offers to this collector.",
  blockedByYou: 'You have blocked this collector. Unblock them to make offers or send messages.',
  tooManyOpenOffers: `You have ${MAX_OPEN_OFFERS} open offers, the most a collector can have at once. Withdraw one, or wait for an answer, before making another.`,
  reasonRequired: 'Say why you are reporting this.',
  reasonTooLong: 'The reason can be at most 500 characters.',
  subjectRequired: 'Choose what you are reporting: a message or a profile.',
  idRequired: 'Say which message or profile you are reporting.',
  messageNotFound: 'We could not find this message.',
  reportYourself: 'You cannot report yourself.',
  reportNotFound: 'We could not find this report.',
  reportNotOpen: 'This report has already been handled.',
  suspendYourself: 'You cannot suspend your own account.',
  suspended: 'This account has been suspended and cannot sign in.',
} as const;

export const REPORT_SUBJECTS = ['message', 'profile'] as const;
export type ReportSubject = (typeof REPORT_SUBJECTS)[number];
export const REPORT_STATUSES = ['open', 'dismissed', 'resolved'] as const;

/** POST /api/reports: an offer message (one of the reporter's offers) or a collector's profile. */
export const ReportBodySchema = z.object({
  subject: z.enum(REPORT_SUBJECTS, { error: SAFETY_MESSAGES.subjectRequired }),
  id: z
    .string({ error: SAFETY_MESSAGES.idRequired })
    .trim()
    .min(1, SAFETY_MESSAGES.idRequired)
    .max(64, SAFETY_MESSAGES.idRequired)
    .meta({ description: "The message's id, or the collector's user id for a profile" }),
  reason: z
    .string({ error: SAFETY_MESSAGES.reasonRequired })
    .trim()
    .min(1, SAFETY_MESSAGES.reasonRequired)
    .max(MAX_REPORT_REASON_LENGTH, SAFETY_MESSAGES.reasonTooLong)
    .meta({ description: 'Plain text, 1 to 500 characters' }),
});
export type ReportBody = z.input<typeof ReportBodySchema>;
export type ValidReport = z.output<typeof ReportBodySchema>;

/** A report as its reporter sees it. */
export const ReportSchema = z
  .object({
    id: z.string(),
    subject: z.enum(REPORT_SUBJECTS),
    subjectId: z.string(),
    reason: z.string(),
    status: z.enum(REPORT_STATUSES),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof ReportSchema>;

const AccountSchema = z.object({ id: z.string(), username: z.string() });

/** An open report in the admins' queue: what was reported, by whom, about whom, and the reported text. */
export const AdminReportSchema = z
  .object({
    id: z.string(),
    subject: z.enum(REPORT_SUBJECTS),
    subjectId: z.string(),
    reason: z.string(),
    createdAt: z.string(),
    reporter: AccountSchema,
    reported: AccountSchema.extend({ suspended: z.boolean() }),
    /** For a message: its text and the offer it belongs to; null for a profile. */
    messageText: z.string().nullable(),
    offerId: z.string().nullable(),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsResponseSchema = z.object({ reports: z.array(AdminReportSchema) });
export type AdminReportsResponse = z.infer<typeof AdminReportsResponseSchema>;

export const ReportIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** POST /api/admin/users/{id}/suspend: what the suspension ended. */
export const SuspensionSchema = z
  .object({
    userId: z.string(),
    /** ISO 8601: when the account was suspended (the first time, when suspended again). */
    suspendedAt: z.string(),
    endedSessions: z.number().int(),
    endedOffers: z.number().int(),
    resolvedReports: z.number().int(),
  })
  .meta({ id: 'Suspension' });
export type Suspension = z.infer<typeof SuspensionSchema>;
