import http from 'node:http';
import { startSmtpInbox } from './smtp-server.ts';

// The browser tests' mail server: the app under test sends to it (see playwright.config.ts), and the tests
// read what arrived over HTTP: GET /mails?to=<address> answers the mails to that address, oldest first.
const inbox = await startSmtpInbox({ port: Number(process.env.SMTP_INBOX_PORT ?? '0') });
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') {
    response.end('ok');
    return;
  }
  const to = url.searchParams.get('to') ?? '';
  const mails = inbox.mails
    .filter((mail) => mail.to.includes(to))
    .map((mail) => ({ to: mail.to, subject: mail.headers.get('subject') ?? '', body: mail.body }));
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify({ mails }));
});
server.listen(Number(process.env.SMTP_INBOX_HTTP_PORT ?? '0'), '127.0.0.1');
console.info(`SMTP inbox at ${inbox.url}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    server.close();
    inbox.close().then(() => process.exit(0));
  });
}
