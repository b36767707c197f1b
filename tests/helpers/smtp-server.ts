import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  /** The message after its headers, quoted-printable decoded. */
  body: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { to, headers, body: decodeQuotedPrintable(raw.slice(split + 4)) };
}

/** What a refusing server says with each reply code, as real servers word it. */
const REPLIES: Record<number, string> = {
  421: '4.3.2 Service shutting down, try again later',
  451: '4.7.1 Greylisted, please try again later',
  550: '5.1.1 Mailbox unavailable',
  554: '5.7.1 Message refused',
};

export interface SmtpInbox {
  url: string;
  port: number;
  /** The messages it accepted. */
  mails: ReceivedMail[];
  /** The recipient of every message it was offered, accepted or refused. */
  offered: string[];
  /**
   * The mails to `address` whose subject is `subject`, once there are at least `count` of them (account
   * mails go after the API's answer); fails after five seconds.
   */
  waitForMails(address: string, subject: string, count?: number): Promise<ReceivedMail[]>;
  /** Refuses the next `times` messages to `address` with an SMTP reply of `code` (every one by default). */
  refuse(address: string, code: number, times?: number): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server that keeps what it receives, on a free local port or the one given. It can refuse a
 * recipient with a reply code, as a greylisting (451) or unknown mailbox (550) server does.
 */
export async function startSmtpInbox(options: { port?: number } = {}): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const offered: string[] = [];
  const refusals = new Map<string, { code: number; times: number }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      offered.push(address.address);
      const refusal = refusals.get(address.address);
      if (!refusal) return callback();
      refusal.times -= 1;
      if (refusal.times <= 0) refusals.delete(address.address);
      callback(Object.assign(new Error(REPLIES[refusal.code] ?? 'Refused'), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(
          parse(
            Buffer.concat(chunks).toString('latin1'),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    offered,
    async waitForMails(address, subject, count = 1) {
      const matching = () =>
        mails.filter((mail) => mail.to.includes(address) && mail.headers.get('subject') === subject);
      for (const deadline = Date.now() + 5_000; matching().length < count; ) {
        if (Date.now() > deadline) {
          throw new Error(`${matching().length} of ${count} mails "${subject}" to ${address} arrived`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return matching();
    },
    refuse(address, code, times = Number.POSITIVE_INFINITY) {
      refusals.set(address, { code, times });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
