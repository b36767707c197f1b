import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../env.ts';

export interface AccountMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A mail server that does not answer fails the send rather than holding it for ever. */
const TRANSPORT_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Sends the account mails (sign-in links, resets, verification) through SMTP_URL. A mail goes after the
 * answer: the request answers alike and as fast whether or not the address has an account, and whatever
 * the mail server does. A send that fails is logged; the person asks again.
 */
export class AccountMailer {
  private readonly transport: Transporter;
  private readonly sending = new Set<Promise<void>>();

  constructor(
    private readonly config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = nodemailer.createTransport({ url: config.smtpUrl, ...TRANSPORT_TIMEOUTS });
  }

  send(mail: AccountMail): void {
    const sent = this.transport
      .sendMail({ from: this.config.mailFrom, ...mail })
      .then(
        () => undefined,
        (error: unknown) => this.log.warn({ err: error }, 'an account email could not be sent'),
      )
      .finally(() => this.sending.delete(sent));
    this.sending.add(sent);
  }

  /** Waits for the mails under way, then lets the connection go. */
  async close(): Promise<void> {
    await Promise.all(this.sending);
    this.transport.close();
  }
}
