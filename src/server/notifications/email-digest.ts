import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type NotificationFacts, notificationText } from '#shared/notification-text.ts';
import { centsToDollars } from '#shared/sales-stats.ts';
import { isSetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Config } from '../env.ts';
import { claimDigest, collectorsDue, type DigestLine } from './email-digest.repository.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

const HOUR_MS = 60 * 60 * 1000;
const CHECK_EVERY_MS = 60 * 1000;
/** Collectors looked at per pass; the rest wait for the next minute. */
const COLLECTORS_PER_PASS = 200;
/** Notifications listed in one email; the rest are counted. */
const LINES_PER_EMAIL = 20;

function toFacts(line: DigestLine): NotificationFacts {
  return {
    kind: line.kind,
    setId: isSetId(line.set_id) ? line.set_id : 'base_set',
    cardName: line.card_name,
    grader: line.grading_company,
    grade: line.grade === null ? null : Number(line.grade),
    price: line.price_cents === null ? null : centsToDollars(line.price_cents),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The hourly email (docs/product.md §10): a collector with new notifications gets at most one email an hour
 * listing them, with a List-Unsubscribe header and an unsubscribe link that works without signing in.
 */
export class EmailDigest {
  private readonly transport: Transporter;
  private lastCheck = 0;

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicOrigin' | 'port'>,
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport(config.smtpUrl);
  }

  async sendDueAtMostEveryMinute(): Promise<void> {
    if (Date.now() - this.lastCheck < CHECK_EVERY_MS) return;
    this.lastCheck = Date.now();
    await this.sendDue();
  }

  /** Sends every digest that is due; returns how many were sent. */
  async sendDue(now: number = Date.now()): Promise<number> {
    const sentBefore = new Date(now - HOUR_MS).toISOString();
    const at = new Date(now).toISOString();
    let sent = 0;
    for (const userId of await collectorsDue(this.database, sentBefore, COLLECTORS_PER_PASS)) {
      const digest = await claimDigest(this.database, userId, at, sentBefore, LINES_PER_EMAIL);
      if (!digest) continue;
      try {
        await this.send(userId, digest.email, digest.username, digest.lines, digest.total);
        sent += 1;
      } catch (error) {
        this.log.warn({ err: error }, 'an alert email could not be sent');
      }
    }
    return sent;
  }

  close(): void {
    this.transport.close();
  }

  private async send(userId: string, to: string, username: string, lines: DigestLine[], total: number) {
    const origin = this.config.publicOrigin ?? `http://localhost:${this.config.port}`;
    const token = encodeURIComponent(await unsubscribeToken(this.database.db, userId));
    // Mail clients post to the API address (one click); the link in the text opens the page that asks first.
    const oneClick = `${origin}/api/notifications/unsubscribe?token=${token}`;
    const unsubscribe = `${origin}/unsubscribe?token=${token}`;
    const texts = lines.map((line) => notificationText(toFacts(line)));
    const more = total - texts.length;
    const subject = total === 1 ? `Holoscope: ${texts[0]}` : `Holoscope: ${total} new alerts`;
    const moreText = more > 0 ? `…and ${more} more.` : '';
    const text = [
      `Hello ${username},`,
      '',
      'New on the cards you follow:',
      ...texts.map((line) => `- ${line}`),
      moreText,
      '',
      `See them all: ${origin}/`,
      '',
      `Stop these emails: ${unsubscribe}`,
    ].join('\n');
    const html = [
      `<p>Hello ${escapeHtml(username)},</p>`,
      '<p>New on the cards you follow:</p>',
      `<ul>${texts.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      moreText ? `<p>${escapeHtml(moreText)}</p>` : '',
      `<p><a href="${escapeHtml(origin)}/">See them all on Holoscope</a></p>`,
      `<p style="color:#666">You get at most one of these an hour. <a href="${escapeHtml(unsubscribe)}">Unsubscribe</a></p>`,
    ].join('\n');
    await this.transport.sendMail({
      from: this.config.mailFrom,
      to,
      subject,
      text,
      html,
      list: { unsubscribe: { url: oneClick, comment: 'Unsubscribe' } },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
  }
}
