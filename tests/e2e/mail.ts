import { expect } from '@playwright/test';

interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** The mails the app sent to `address` with this subject, once at least `count` have arrived. */
export async function mailsTo(address: string, subject: string, count = 1): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect(async () => {
    const response = await fetch(
      `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT}/mails?to=${encodeURIComponent(address)}`,
    );
    const { mails } = (await response.json()) as { mails: Mail[] };
    found = mails.filter((mail) => mail.subject === subject);
    expect(found.length).toBeGreaterThanOrEqual(count);
  }).toPass({ timeout: 10_000 });
  return found;
}

/** The path and query of the link in a mail that opens `page`, to visit on the test server. */
export function linkIn(mail: Mail, page: string): string {
  const link = new RegExp(`https?://[^/\\s]+(${page}\\?token=[A-Za-z0-9_-]+)`).exec(mail.body)?.[1];
  expect(link, `a link to ${page} in "${mail.subject}"`).toBeTruthy();
  return link ?? '';
}
