/**
 * The pages an unsubscribe link opens (docs/product.md §13). Plain HTML from the server: the link must work
 * without signing in and without the app's scripts. Opening the link only asks; the button does it, so a
 * mail scanner that follows links cannot unsubscribe anyone.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Holoscope</title></head>
<body>
<main>
<h1>${title}</h1>
${body}
<p><a href="/">Go to Holoscope</a></p>
</main>
</body>
</html>`;
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function confirmUnsubscribePage(token: string): string {
  return page(
    'Stop alert emails?',
    `<p>You will no longer get the hourly email about your watched cards and Want to Buy list. Your alerts stay in the app, behind the bell.</p>
<form method="post" action="/api/notifications/unsubscribe?token=${escapeAttribute(encodeURIComponent(token))}">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export const UNSUBSCRIBED_PAGE = page(
  'You are unsubscribed',
  '<p>We will not send you alert emails any more. Your alerts stay in the app, behind the bell.</p>',
);

export const BAD_LINK_PAGE = page(
  'This link does not work',
  '<p>This unsubscribe link is not complete or not ours. Open the link from the latest alert email again, or sign in to Holoscope.</p>',
);
