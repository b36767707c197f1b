import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from './env.ts';

const CONNECT_TIMEOUT_MS = 3000;

export interface RateLimitStore {
  /** Options for @fastify/rate-limit: the Redis store when configured, otherwise its in-memory default. */
  options: RateLimitPluginOptions;
  close(): Promise<void>;
}

/**
 * Instances on the same schema are one deployment and share their counters; a separate schema (an
 * isolated test run) counts on its own, as the live channel does.
 */
export function rateLimitNamespace(schema: string | undefined): string {
  return schema ? `holoscope:rate-limit:${schema}:` : 'holoscope:rate-limit:';
}

/**
 * With REDIS_URL every instance counts in Redis, so a limit holds whichever instance answers. Start-up
 * fails when Redis cannot be reached (a configured service that is missing is a deployment error); later
 * outages let requests through rather than failing them, because the per-account sign-in guard in the
 * database still stands.
 */
export async function createRateLimitStore(
  config: Pick<Config, 'redisUrl' | 'databaseSchema'>,
): Promise<RateLimitStore> {
  if (!config.redisUrl) return { options: { global: false }, close: async () => {} };
  const redis = new Redis(config.redisUrl, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  // Reconnection is automatic; without a listener an outage would be an unhandled 'error' event.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${(error as Error).message}`);
  }
  return {
    options: {
      global: false,
      redis,
      nameSpace: rateLimitNamespace(config.databaseSchema),
      skipOnError: true,
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
