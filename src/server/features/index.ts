import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { AccountMailer } from './accounts/account-mailer.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { identityRoutes } from './accounts/identity.routes.ts';
import { installSessionHook } from './accounts/session-hook.ts';
import { signInMethodsRoutes } from './accounts/sign-in-methods.ts';
import { adminRoutes } from './admin/admin.routes.ts';
import { analysisRoutes } from './analysis/analysis.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { certRoutes } from './certs/certs.routes.ts';
import { collectionsRoutes } from './collections/collections.routes.ts';
import { consignmentRoutes } from './consignment/consignment.routes.ts';
import { demandRoutes } from './demand/demand.routes.ts';
import { feedsRoutes } from './feeds/feeds.routes.ts';
import { flagsRoutes } from './flags/flags.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inquiryRoutes } from './inquiries/inquiries.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { passkeysRoutes } from './passkeys/passkeys.routes.ts';
import { profilesRoutes } from './profiles/profiles.routes.ts';
import { safetyAdminRoutes } from './safety/safety-admin.routes.ts';
import { safetyRoutes } from './safety/safety.routes.ts';
import { securityRoutes } from './security/security.routes.ts';
import { slabsRoutes } from './slabs/slabs.routes.ts';
import { sourcingRoutes } from './sourcing/sourcing.routes.ts';
import { suggestionsRoutes } from './suggestions/suggestions.routes.ts';
import { watchesRoutes } from './watches/watches.routes.ts';

// What the root files (app.ts, main.ts, startup.ts) use of the features besides their routes: they import
// features only through this file.
export { createOrPromoteAdmin } from './accounts/bootstrap-admin.ts';
export { createAnalysisCaches } from './analysis/analysis-cache.ts';
export { hasNoSalesHistory } from './demo-data/demo-data.repository.ts';
export { loadDemoSales } from './demo-data/load-demo-sales.ts';
export { createFeedEngine, keepStartingFeedEngine } from './feeds/feed-engine.ts';
export { startOfferExpiry } from './offers/offer-expiry.ts';

/** Every feature's routes, in one place. */
export async function registerFeatures(app: FastifyInstance, context: AppContext): Promise<void> {
  installSessionHook(app, context);
  await app.register(healthRoutes(context));
  await app.register(catalogueRoutes(context));
  await app.register(mediaRoutes(context));
  await app.register(suggestionsRoutes(context));
  await app.register(analysisRoutes(context));
  await app.register(consignmentRoutes(context));
  const accountMailer = context.config.smtpUrl ? new AccountMailer(context.config, app.log) : null;
  if (accountMailer) app.addHook('onClose', () => accountMailer.close());
  await app.register(signInMethodsRoutes(context.config));
  await app.register(accountsRoutes(context, accountMailer));
  await app.register(identityRoutes(context));
  await app.register(passkeysRoutes(context));
  await app.register(securityRoutes(context));
  await app.register(profilesRoutes(context));
  await app.register(liveRoutes(context));
  await app.register(certRoutes(context));
  await app.register(inquiryRoutes(context));
  await app.register(collectionsRoutes(context));
  await app.register(sourcingRoutes(context));
  await app.register(offersRoutes(context));
  await app.register(adminRoutes(context));
  await app.register(safetyRoutes(context));
  await app.register(safetyAdminRoutes(context));
  await app.register(feedsRoutes(context));
  await app.register(flagsRoutes(context));
  await app.register(slabsRoutes(context));
  await app.register(watchesRoutes(context));
  await app.register(notificationsRoutes(context));
  await app.register(demandRoutes(context));
}
