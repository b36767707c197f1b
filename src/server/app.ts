import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { Config } from './env.ts';
import { answerFrameworkError, installErrorHandler } from './errors.ts';
import {
  createAnalysisCaches,
  createFeedEngine,
  registerFeatures,
  startOfferExpiry,
} from './features/index.ts';
import { installNulGuard } from './input-guard.ts';
import { createLiveBus } from './live/create-live-bus.ts';
import { MediaStore } from './media/media-store.ts';
import { createNotificationWorker } from './notifications/create-notification-worker.ts';
import { openApiTransformObject } from './openapi.ts';
import { installOriginCheck } from './origin-check.ts';
import { createRateLimitStore } from './rate-limit-store.ts';
import { installReadYourWrites } from './read-your-writes.ts';
import { RequestLogs } from './request-logs.ts';
import { createSalesEvents } from './sales/changes/create-sales-events.ts';
import { startSalesChangePruning } from './sales/changes/sales-change-log.ts';
import { cardSalesStoreOf } from './sales/columns/card-sales-store.ts';
import { installSecurityHeaders } from './security.ts';
import { serveWebApp } from './web-app.ts';

export type App = FastifyInstance;

export interface BuildOptions {
  /** Use this database instead of connecting one from the config (tests share a prepared one). */
  database?: DatabaseHandle;
  logger?: boolean;
  /** Told of every route as it is added, so a caller can list the route table. */
  onRoute?: (route: RouteOptions) => void;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new RequestLogs(),
    trustProxy: trustProxySetting(config.trustProxy),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const database =
    options.database ??
    connectDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      ...(config.databaseSchema ? { schema: config.databaseSchema } : {}),
      readUrl: config.databaseReadUrl,
      readSchema: config.databaseReadSchema,
    });
  if (!options.database) app.addHook('onClose', () => database.close());
  await migrateToLatest(database);

  const salesEvents = await createSalesEvents(database);
  const media = new MediaStore(config.dataDir, database);
  const { readRouting } = database;
  // The analysis caches are dropped when sales change; what refills them must include the change.
  if (readRouting) salesEvents.onChange(() => readRouting.readPrimaryForAWhile());
  const live = await createLiveBus(database);
  const context: AppContext = {
    config,
    database,
    media,
    salesEvents,
    analysisCaches: createAnalysisCaches(salesEvents, cardSalesStoreOf(database)),
    live,
    feeds: createFeedEngine({ config, database, media, salesEvents }, app.log),
    notifications: createNotificationWorker({ config, database, live, salesEvents }, app.log),
  };
  const stopPruning = startSalesChangePruning(database);
  app.addHook('onClose', async () => stopPruning());
  const stopOfferExpiry = startOfferExpiry(context, app.log);
  app.addHook('onClose', async () => stopOfferExpiry());
  app.addHook('onClose', () => context.live.close());
  app.addHook('onClose', () => context.notifications.stop());
  app.addHook('onClose', () => context.salesEvents.close());
  // onClose hooks run last added first: feed runs are handed back before the events and the database close.
  app.addHook('onClose', () => context.feeds.stop());
  app.decorate('context', context);

  const servedOverHttps = config.publicOrigin?.startsWith('https://') ?? false;
  installSecurityHeaders(app, servedOverHttps);
  // Answers travel compressed to clients that accept it; a light brotli level keeps the cost per answer small.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    globalDecompression: false,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  if (readRouting) installReadYourWrites(app, readRouting, config.secureCookies);
  const rateLimitStore = await createRateLimitStore(config);
  app.addHook('onClose', () => rateLimitStore.close());
  await app.register(rateLimit, rateLimitStore.options);
  installOriginCheck(app, config);
  installNulGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Holoscope API',
        version: '1.0.0',
        description: 'Sales research and collector search for graded vintage Pokémon cards.',
      },
    },
    transform: jsonSchemaTransform,
    transformObject: openApiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerFeatures(app, context);

  serveWebApp(app, config.webDir, servedOverHttps);
  return app;
}

/** A hop count trusts that many proxies in front of us; Fastify takes it as a function of the hop. */
function trustProxySetting(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}
