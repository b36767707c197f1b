import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type NotificationFacts, notificationText } from '#shared/notification-text.ts';
import { isValidEmail } from '#shared/registration.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import { isSetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Config } from '../env.ts';
import {
  claimDigest,
  closeDigest,
  collectorsDue,
  type DigestAttempt,
  type DigestContent,
  type DigestLine,
  digestContent,
  digestsDue,
  recordDigestSent,
  scheduleDigestRetry,
  takeDigest,
} from './email-digest.repository.ts';
import { describeSendFailure } from './send-failure.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const CHECK_EVERY_MS = MINUTE_MS;
/** Collectors, and digests due for an attempt, looked at per pass; the rest wait for the next minute. */
const PER_PASS = 200;
/** Notifications listed in one email; the rest are counted. */
const LINES_PER_EMAIL = 20;
/**
 * The waits after a failed attempt before the next (docs/decisions/026-alert-email-retries.md): a digest the
 * mail server could not take is tried six times over about two and a half hours, then given up.
 */
const RETRY_DELAYS_MS = [1, 5, 15, 60, 60].map((minutes) => minutes * MINUTE_MS);
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long an attempt holds its digest; far longer than a send can take with the timeouts below. */
const ATTEMPT_HOLD_MS = 15 * MINUTE_MS;
/** A mail server that does not answer fails the attempt rather than the worker's whole pass. */
const TRANSPORT_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

function toFacts(line: DigestLine): NotificationFacts {
  return {
    kind: line.kind,
    setId: isSetId(line.set_id) ? line.set_id : 'base_set',
    cardName: line.card_name,
    grader: line.grading_company,
    grade: line.grade === null ? null : Number(line.grade),
    price: line.price_cents === null ? null : centsToDollars(line.price_cents),
    actor: line.actor,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The hourly email (docs/product.md §10): a collector with new notifications and a verified address gets at
 * most one email an hour
 * listing them, with a List-Unsubscribe header and an unsubscribe link that works without signing in. A
 * digest is claimed in the database first, then sent; one the mail server could not take is tried again
 * later, and its alerts count as emailed only once a server accepted it.
 */
export class EmailDigest {
  private readonly transport: Transporter;
  private lastCheck = 0;
  private closed = false;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicOrigin' | 'port'>,
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport({ url: config.smtpUrl, ...TRANSPORT_TIMEOUTS });
  }

  async sendDueAtMostEveryMinute(): Promise<void> {
    if (Date.now() - this.lastCheck < CHECK_EVERY_MS) return;
    this.lastCheck = Date.now();
    await this.sendDue();
  }

  /** Claims the digests that are due and makes every due attempt; returns how many emails went. */
  async sendDue(now: number = Date.now()): Promise<number> {
    const at = new Date(now).toISOString();
    const sentBefore = new Date(now - HOUR_MS).toISOString();
    for (const userId of await collectorsDue(this.database, sentBefore, PER_PASS)) {
      if (this.closed) break;
      await claimDigest(this.database, userId, at, sentBefore);
    }
    let sent = 0;
    for (const id of await digestsDue(this.database, at, PER_PASS)) {
      if (this.closed) break;
      if (await this.attempt(id, now)) sent += 1;
    }
    return sent;
  }

  /**
   * One attempt at one digest. A refusal for good, or the last attempt failing, ends it; any other failure
   * waits its turn to be tried again. Either way its alerts stay in the app and are not marked emailed.
   */
  private async attempt(id: number, now: number): Promise<boolean> {
    const at = new Date(now).toISOString();
    const digest = await takeDigest(this.database, id, at, new Date(now + ATTEMPT_HOLD_MS).toISOString());
    if (!digest) return false;
    const content = await digestContent(this.database, digest, LINES_PER_EMAIL);
    if (!content?.subscribed || !content.verified || content.total === 0) {
      await closeDigest(this.database, id, 'cancelled', null);
      return false;
    }
    if (!isValidEmail(content.email)) {
      // An account from before the address rule (docs/product.md §5): its text could name other mailboxes.
      await closeDigest(this.database, id, 'cancelled', null);
      this.log.warn({ alertEmail: id }, 'an alert email was not sent: its account has no bare address');
      return false;
    }
    try {
      await this.send(digest, content);
    } catch (error) {
      const failure = describeSendFailure(error);
      const last = failure.permanent || digest.attempt >= MAX_ATTEMPTS;
      if (last) {
        await closeDigest(this.database, id, 'failed', failure.reason);
      } else {
        const retryAt = new Date(now + (RETRY_DELAYS_MS[digest.attempt - 1] ?? HOUR_MS)).toISOString();
        await scheduleDigestRetry(this.database, id, retryAt, failure.reason);
      }
      this.log.warn(
        { err: error, alertEmail: id, attempt: digest.attempt, permanent: failure.permanent },
        last
          ? 'an alert email could not be sent; giving it up'
          : 'an alert email could not be sent; trying again later',
      );
      return false;
    }
    await recordDigestSent(this.database, digest, at);
    return true;
  }

  /** Starts no further claim or attempt; one under way finishes (what is left waits for the next start). */
  close(): void {
    this.closed = true;
    this.transport.close();
  }

  private async send(digest: DigestAttempt, { email, username, lines, total }: DigestContent) {
    const origin = this.config.publicOrigin ?? `http://localhost:${this.config.port}`;
    const token = encodeURIComponent(await unsubscribeToken(this.database.db, digest.userId));
    // Mail clients post to the API address (one click); the link in the text opens the page that asks first.
    const oneClick = `${origin}/api/notifications/unsubscribe?token=${token}`;
    const unsubscribe = `${origin}/unsubscribe?token=${token}`;
    const texts = lines.map((line) => notificationText(toFacts(line)));
    // News about an offer links to its conversation, where the collector answers.
    const links = lines.map((line) =>
      line.offer_id ? `${origin}/offers/${encodeURIComponent(line.offer_id)}` : null,
    );
    const more = total - texts.length;
    const subject = total === 1 ? `Holoscope: ${texts[0]}` : `Holoscope: ${total} new alerts`;
    const moreText = more > 0 ? `…and ${more} more.` : '';
    const text = [
      `Hello ${username},`,
      '',
      'New on the cards you follow and your offers:',
      ...texts.map((line, index) => `- ${line}${links[index] ? `: ${links[index]}` : ''}`),
      moreText,
      '',
      `See them all: ${origin}/`,
      '',
      `Stop these emails: ${unsubscribe}`,
    ].join('\n');
    const html = [
      `<p>Hello ${escapeHtml(username)},</p>`,
      '<p>New on the cards you follow and your offers:</p>',
      `<ul>${texts
        .map((line, index) => {
          const link = links[index];
          return `<li>${link ? `<a href="${escapeHtml(link)}">${escapeHtml(line)}</a>` : escapeHtml(line)}</li>`;
        })
        .join('')}</ul>`,
      moreText ? `<p>${escapeHtml(moreText)}</p>` : '',
      `<p><a href="${escapeHtml(origin)}/">See them all on Holoscope</a></p>`,
      `<p style="color:#666">You get at most one of these an hour. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    ].join('\n');
    await this.transport.sendMail({
      from: this.config.mailFrom,
      // An address object, never text that a mailer would read as a list of addresses.
      to: { name: '', address: email },
      // The same on every attempt: should an accepted attempt go unrecorded (the instance died in between)
      // and be made again, mailboxes that recognise a repeated Message-ID show it once.
      messageId: `<alert-${digest.id}.${Date.parse(digest.createdAt)}@${new URL(origin).hostname}>`,
      subject,
      text,
      html,
      list: { unsubscribe: { url: oneClick, comment: 'Unsubscribe' } },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
