import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { NotificationKind } from '#shared/notification-text.ts';

/**
 * Table types. Timestamps are ISO 8601 UTC strings and dates `YYYY-MM-DD` in both dialects
 * (docs/decisions/002-timestamps.md); money is integer cents; booleans are 0/1 integers on SQLite and
 * booleans on PostgreSQL, read through `toBoolean`.
 */
export interface UsersTable {
  id: string;
  email: string;
  username: string;
  username_key: string;
  password_hash: string;
  country: string;
  country_code: string;
  is_admin: boolean | number;
  created_at: string;
  profile_image: string | null;
  banner_image: string | null;
  /** The profile setting Show my collection's value: others see its value and estimates only when on. */
  show_collection_value: Generated<boolean | number>;
  /** When the owner proved the address reaches them; null until then (migration 018). */
  email_verified_at: string | null;
  /** When an admin suspended the account; null while it is in good standing (migration 031). */
  suspended_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A sign-in link, password reset or verification token: only its SHA-256 is kept (migration 018). */
interface OneTimeTokensTable {
  id: string;
  purpose: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Account mails asked for, by address and client, for their limits (migration 019). */
interface AccountMailsTable {
  id: string;
  email: string;
  client: string;
  at: string;
}

interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  /** The User-Agent the session was last seen with (migration 025). */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
}

interface SalesColumns {
  id: string;
  card_id: string;
  set_id: string;
  card_name: string;
  card_number: string;
  card_rarity: string;
  price_cents: number;
  sold_on: string;
  sold_at: string;
  seller: string;
  seller_rating: number | null;
  image: string | null;
  grading_company: string | null;
  grade: number | null;
  sale_type: string | null;
  source_ref: string;
  created_at: string;
  /**
   * True when the sale is flagged and left out of statistics; false unless a check flags it. Written in the
   * dialect's own form (archiving and restoring copy it as read).
   */
  excluded: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** Provenance (migration 010, docs/product.md §11); all optional. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  listing_url: ColumnType<string | null, string | null | undefined, string | null>;
  cert_number: ColumnType<string | null, string | null | undefined, string | null>;
  source: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO 4217 code of the price as sold; price_cents is always US dollars. */
  currency: ColumnType<string, string | undefined, string>;
  /** The price as sold, in cents of `currency`, without buyer's premium; null for sales stored before 010. */
  original_price_cents: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  shipping_cents: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  buyer_premium_cents: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  best_offer_accepted: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
}

type SalesTable = SalesColumns;

export interface DeletedSalesTable extends SalesColumns {
  deleted_at: string;
  deleted_by: string;
}

export interface CollectionItemsTable {
  id: string;
  user_id: string;
  list: 'collected' | 'wtb';
  set_id: string;
  card_id: string;
  card_name: string;
  card_number: string;
  grade: number | null;
  grading_company: string | null;
  cert_number: string | null;
  variant: string | null;
  accepting_offers: boolean | number;
  added_at: string;
  /** When a completed deal took the card off its owner's Collected list (migration 029); null while kept. */
  parted_at?: string | null;
}

/** Copies of each card on Collected lists, kept by triggers on collection_items (migration 009). */
interface CollectedCopiesTable {
  set_id: string;
  card_name: string;
  copies: number;
}

/**
 * Every change to `sales` as the rows it added (change 1) and removed (-1), in commit order (migration 012);
 * change 0 without a card: every card may have changed.
 */
interface SalesChangesTable {
  seq: Generated<number>;
  set_id: string | null;
  card_name: string | null;
  /** 1: the entry adds its sales; -1: it removes them; 0: every card may have changed. */
  change: number;
  /** JSON: [price_cents, sold_at in milliseconds since the epoch, grading_company, grade, excluded (0 or 1)] per sale. */
  sales: string | null;
  logged_at: Generated<string>;
}

export interface OffersTable {
  id: string;
  item_id: string;
  from_user: string;
  to_user: string;
  /** The last round's amount (migration 026): the one agreed when the offer is accepted. */
  amount_cents: number;
  /** The buyer's note with the first round. */
  message: string | null;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn' | 'expired';
  /** Whose answer an open offer waits for; null once it has ended (migration 026). */
  awaiting: OfferParty | null;
  /** When the last round was made: the awaited party's seven days run from it. */
  last_round_at: string;
  created_at: string;
  updated_at: string;
}

export type OfferParty = 'buyer' | 'owner';

/** Each amount of an offer, in order; round 1 is the buyer's offer (migration 026). */
export interface OfferRoundsTable {
  offer_id: string;
  seq: number;
  party: OfferParty;
  amount_cents: number;
  message: string | null;
  created_at: string;
}

/** The deal an accepted offer became (migration 029): agreed, then completed or cancelled. */
export interface OfferDealsTable {
  offer_id: string;
  /** The card changing hands; at most one agreed deal per card (offer_deals_one_agreed). */
  item_id: string;
  status: 'agreed' | 'completed' | 'cancelled';
  /** When the buyer marked the card received, and the owner marked it sent. */
  buyer_done_at: ColumnType<string | null, string | null | undefined, string | null>;
  owner_done_at: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled_by: ColumnType<OfferParty | null, OfferParty | null | undefined, OfferParty | null>;
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** What a party of a completed deal said of the other (migration 030): once per deal and rater. */
export interface OfferRatingsTable {
  offer_id: string;
  rater_id: string;
  ratee_id: string;
  /** 1 to 5. */
  stars: number;
  comment: string | null;
  created_at: string;
}

/** A collector's reputation (migration 032), kept by triggers as ratings and deals are written. */
export interface CollectorReputationTable {
  user_id: string;
  rating_count: Generated<number>;
  /** The sum of the stars received, so the average is rating_stars / rating_count. */
  rating_stars: Generated<number>;
  /** Completed deals as either party. */
  completed_deals: Generated<number>;
}

/** A collector who blocked another (migration 031): one row per pair and direction. */
export interface UserBlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: string;
}

/** What a collector reported to the admins (migration 031): an offer message or a profile. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  subject: 'message' | 'profile';
  /** The message's id, or the profile's user id. */
  subject_id: string;
  /** Whose message or profile it is. */
  reported_user_id: string;
  reason: string;
  /** Open until an admin dismisses it, or resolves it by suspending the reported account. */
  status: 'open' | 'dismissed' | 'resolved';
  created_at: string;
  resolved_at: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The two parties' conversation on an offer (migration 026). */
export interface OfferMessagesTable {
  id: string;
  offer_id: string;
  party: OfferParty;
  text: string;
  created_at: string;
}

interface MediaTable {
  hash: string;
  mime: string;
  width: number;
  height: number;
  bytes: number;
  created_at: string;
}

interface CertLookupsTable {
  cert_number: string;
  payload: string;
  images: string;
  fetched_at: string;
}

/** PSA's population figures, one observation per card, print, grade and day (migration 028). */
interface PsaPopulationsTable {
  card_id: string;
  variant: string;
  grade: number;
  observed_on: string;
  total: number;
  higher: number;
  cert_number: string;
  observed_at: string;
}

interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor: string | null;
  action: string;
  subject: string;
  detail: string | null;
}

export interface InquiriesTable {
  id: string;
  kind: 'advance' | 'contact' | 'partnership';
  name: string;
  email: string;
  message: string;
  card: string | null;
  estimated_value_cents: number | null;
  created_at: string;
}

export type FeedAdapterName = 'ebay' | 'url' | 'folder';
export type FeedRunStatus = 'queued' | 'running' | 'retrying' | 'succeeded' | 'failed';

export interface FeedsTable {
  id: string;
  name: string;
  adapter: FeedAdapterName;
  schedule: string;
  /** JSON: the adapter's settings. */
  settings: string;
  /** JSON: the adapter's secrets; never leaves the server. */
  secrets: string;
  /** JSON: what the adapter keeps between runs (an ETag, the last sale seen). */
  state: string;
  paused: boolean | number;
  /** When the schedule next makes it due; null while paused. */
  next_run_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface FeedRunsTable {
  id: string;
  feed_id: string;
  trigger: 'schedule' | 'manual';
  status: FeedRunStatus;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  attempts: number;
  next_attempt_at: string | null;
  /** Renewed while an instance works on the run; a stale one means that instance is gone. */
  heartbeat_at: string;
  stored: number;
  duplicates: number;
  refused: number;
  errors: number;
  progress_done: number;
  progress_total: number;
  /** JSON: where the adapter resumes; written in the transaction of the sales stored up to it. */
  checkpoint: string | null;
  last_error: string | null;
}

interface FeedRunRefusalsTable {
  id: Generated<number>;
  run_id: string;
  title: string | null;
  reason: string;
}

interface FeedRunErrorsTable {
  id: Generated<number>;
  run_id: string;
  at: string;
  message: string;
}

/** Reference rates of the European Central Bank: units of `currency` per euro on `day`. */
interface FxRatesTable {
  day: string;
  currency: string;
  per_euro: number;
}

export type FlagStatus = 'open' | 'confirmed' | 'cleared';

/** Why a sale is left out of statistics (docs/product.md §11); a sale with a flag not cleared is excluded. */
export interface SaleFlagsTable {
  sale_id: string;
  code: string;
  reason: string;
  status: FlagStatus;
  set_id: string;
  card_name: string;
  sold_at: string;
  created_at: string;
  decided_by: string | null;
  decided_at: string | null;
}

export interface WatchesTable {
  id: string;
  user_id: string;
  set_id: string;
  card_id: string;
  /** The catalogue's search name, as sales store it. */
  card_name: string;
  grading_company: string | null;
  grade: number | null;
  below_cents: number | null;
  above_cents: number | null;
  created_at: string;
}

export type OutboxKind = 'sales' | 'open-to-offers' | 'offer-expired' | 'offer-deal' | 'offer-step';

interface NotificationOutboxTable {
  id: Generated<number>;
  kind: OutboxKind;
  /**
   * JSON: for sales, the first and last id of the batch ({ from, to }); for open-to-offers, { itemId }; for
   * offer-expired and offer-deal (a deal completed or cancelled), { offerId } and, since decision 054, the
   * collector who ended the deal as { actorId }; for offer-step, { offerId, step, actorId, ref } (ref: the
   * round's number or the message's id, when the step has one).
   */
  payload: string;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: string;
  kind: NotificationKind;
  /** What the notification is about; unique, so handling the same outbox row twice adds nothing. */
  dedupe_key: string;
  watch_id: string | null;
  set_id: string;
  card_name: string;
  grading_company: string | null;
  grade: number | null;
  price_cents: number | null;
  sale_id: string | null;
  sold_at: string | null;
  item_id: string | null;
  /** The collector whose card is open to offers (wanted-card-open), or who owns the offer's card. */
  owner_id: string | null;
  /** The offer the notification is about: expired (migration 026), a step in it, or its deal's news. */
  offer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  read_at: string | null;
  /** When an email carrying it was accepted by the mail server. */
  emailed_at: string | null;
  /** The digest that carries it (alert_emails), once it was claimed for one; migration 013. */
  alert_email_id: number | null;
}

interface NotificationEmailsTable {
  user_id: string;
  /** When the collector's last digest was claimed, then when it was accepted: one an hour at most. */
  last_sent_at: string | null;
  unsubscribed_at: string | null;
  /** When they last turned alert emails back on; alerts made before it are not emailed. */
  resumed_at: string | null;
}

/**
 * pending: waits for its next attempt; sent: the mail server accepted it; failed: refused for good, or out
 * of attempts; cancelled: the collector turned emails off, or its alerts were deleted, before it went.
 */
export type AlertEmailStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

interface AlertEmailsTable {
  id: Generated<number>;
  user_id: string;
  status: AlertEmailStatus;
  attempts: Generated<number>;
  /** Pending: not to be tried before this (a retry's backoff, or the claim of an attempt under way). */
  next_attempt_at: string | null;
  created_at: string;
  sent_at: string | null;
  /** The mail server's last refusal, or why the connection failed. */
  last_error: string | null;
}

interface IdentityLinksTable {
  provider_id: string;
  subject: string;
  user_id: string;
  /** The email the provider gave when the identity was linked; shown on the profile. */
  email: string | null;
  created_at: string;
}

interface OidcFlowsTable {
  /** SHA-256 of the flow cookie's value. */
  id: string;
  provider_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  return_to: string;
  /** The signed-in account that asked to link the provider; null for a sign-in. */
  link_user_id: string | null;
  expires_at: string;
}

interface PendingIdentitiesTable {
  /** SHA-256 of the pending-identity cookie's value. */
  id: string;
  provider_id: string;
  subject: string;
  email: string | null;
  email_verified: boolean | number;
  return_to: string;
  expires_at: string;
}

interface AppSecretsTable {
  name: string;
  value: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  identity_links: IdentityLinksTable;
  oidc_flows: OidcFlowsTable;
  pending_identities: PendingIdentitiesTable;
  one_time_tokens: OneTimeTokensTable;
  account_mails: AccountMailsTable;
  sales: SalesTable;
  deleted_sales: DeletedSalesTable;
  sales_changes: SalesChangesTable;
  collection_items: CollectionItemsTable;
  collected_copies: CollectedCopiesTable;
  offers: OffersTable;
  offer_rounds: OfferRoundsTable;
  offer_messages: OfferMessagesTable;
  offer_deals: OfferDealsTable;
  offer_ratings: OfferRatingsTable;
  collector_reputation: CollectorReputationTable;
  user_blocks: UserBlocksTable;
  reports: ReportsTable;
  media: MediaTable;
  cert_lookups: CertLookupsTable;
  psa_populations: PsaPopulationsTable;
  audit_log: AuditLogTable;
  inquiries: InquiriesTable;
  feeds: FeedsTable;
  feed_runs: FeedRunsTable;
  feed_run_refusals: FeedRunRefusalsTable;
  feed_run_errors: FeedRunErrorsTable;
  fx_rates: FxRatesTable;
  sale_flags: SaleFlagsTable;
  watches: WatchesTable;
  notification_outbox: NotificationOutboxTable;
  notifications: NotificationsTable;
  notification_emails: NotificationEmailsTable;
  alert_emails: AlertEmailsTable;
  app_secrets: AppSecretsTable;
}

export type SaleRow = Selectable<SalesTable>;
export type NewSale = Insertable<SalesTable>;
export type UserRow = Selectable<UsersTable>;

export function toBoolean(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}
