import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { installSessionHook } from './accounts/session-hook.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { analysisRoutes } from './analysis/analysis.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { certRoutes } from './certs/certs.routes.ts';
import { collectionsRoutes } from './collections/collections.routes.ts';
import { demandRoutes } from './demand/demand.routes.ts';
import { consignmentRoutes } from './consignment/consignment.routes.ts';
import { feedsRoutes } from './feeds/feeds.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inquiryRoutes } from './inquiries/inquiries.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { sourcingRoutes } from './sourcing/sourcing.routes.ts';
import { suggestionsRoutes } from './suggestions/suggestions.routes.ts';
import { watchesRoutes } from './watches/watches.routes.ts';

/** Every feature's routes, in one place. */
export async function registerFeatures(app: FastifyInstance, context: AppContext): Promise<void> {
  installSessionHook(app, context);
  await app.register(healthRoutes(context));
  await app.register(catalogueRoutes(context));
  await app.register(mediaRoutes(context));
  await app.register(suggestionsRoutes(context));
  await app.register(analysisRoutes(context));
  await app.register(consignmentRoutes(context));
  await app.register(accountsRoutes(context));
  await app.register(profilesRoutes(context));
  await app.register(liveRoutes(context));
  await app.register(certRoutes(context));
  await app.register(inquiryRoutes(context));
  await app.register(collectionsRoutes(context));
  await app.register(sourcingRoutes(context));
  await app.register(offersRoutes(context));
  await app.register(adminRoutes(context));
  await app.register(feedsRoutes(context));
  await app.register(watchesRoutes(context));
  await app.register(notificationsRoutes(context));
  await app.register(demandRoutes(context));
}
