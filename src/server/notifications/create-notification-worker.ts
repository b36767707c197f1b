import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { EmailDigest } from './email-digest.ts';
import { NotificationWorker } from './notification-worker.ts';

/** The worker of this instance, with the email digest when SMTP_URL is set (docs/product.md §10). */
export function createNotificationWorker(
  context: Pick<AppContext, 'config' | 'database' | 'live' | 'salesEvents'>,
  log: FastifyBaseLogger,
): NotificationWorker {
  const digest = context.config.smtpUrl ? new EmailDigest(context.config, context.database, log) : undefined;
  return new NotificationWorker({
    database: context.database,
    live: context.live,
    salesEvents: context.salesEvents,
    log,
    ...(digest ? { digest } : {}),
  });
}
