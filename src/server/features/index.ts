import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { healthRoutes } from './health/health.routes.ts';

/** Every feature's routes, in one place. */
export async function registerFeatures(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(healthRoutes(context));
  await app.register(catalogueRoutes(context));
  await app.register(mediaRoutes(context));
}
