import type { AccountMail } from './account-mailer.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const IGNORE = 'If you did not ask for this, ignore this email: nothing changes.';

/** A mail with one call to action: the same words in the text and the HTML part. */
function mail(to: string, subject: string, paragraphs: string[], action: { label: string; url: string }) {
  const text = [...paragraphs.flatMap((line) => [line, '']), `${action.label}: ${action.url}`, '', IGNORE];
  const html = [
    ...paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
    `<p style="color:#666">${escapeHtml(IGNORE)}</p>`,
  ];
  return { to, subject, text: text.join('\n'), html: html.join('\n') } satisfies AccountMail;
}

export function signInLinkMail(to: string, link: string): AccountMail {
  return mail(
    to,
    'Your Holoscope sign-in link',
    ['Here is the link you asked for to sign in to Holoscope. It works once, for 15 minutes.'],
    { label: 'Sign in to Holoscope', url: link },
  );
}

export function passwordResetMail(to: string, link: string): AccountMail {
  return mail(
    to,
    'Reset your Holoscope password',
    [
      'Someone, probably you, asked to reset the password of your Holoscope account.',
      'The link works once, for 30 minutes. Setting a new password signs out every other device.',
    ],
    { label: 'Choose a new password', url: link },
  );
}

/** For an address with no account: a sign-in link or reset was asked for it, and how to make one instead. */
export function noAccountMail(to: string, origin: string): AccountMail {
  return mail(
    to,
    'Signing in to Holoscope',
    [
      `Someone, probably you, asked to sign in to Holoscope or reset a password with ${to}, but there is no Holoscope account with this address.`,
      'If you have an account, it may use another address. Or create one: open Holoscope, choose Login, then Sign up.',
    ],
    { label: 'Open Holoscope', url: `${origin}/` },
  );
}

export function verificationMail(to: string, username: string, link: string): AccountMail {
  return mail(
    to,
    'Verify your email address for Holoscope',
    [
      `Hello ${username},`,
      'Please confirm that this address is yours, so Holoscope can send you alert emails. The link works for 24 hours.',
    ],
    { label: 'Verify my email address', url: link },
  );
}
