import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { ErrorBodySchema } from '#shared/schemas/common.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

const READY_TIMEOUT_MS = 2000;

export function healthRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/healthz',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness',
          response: { 200: z.object({ status: z.literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness: the database answers',
          response: {
            200: z.object({ status: z.literal('ready'), database: z.string() }),
            503: ErrorBodySchema,
          },
        },
      },
      async () => {
        const probe = sql`select 1`.execute(context.database.db);
        const timeout = new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS).unref(),
        );
        try {
          await Promise.race([probe, timeout]);
        } catch {
          throw new AppError(503, 'service-unavailable', 'The database is not reachable.', undefined, {
            'retry-after': '5',
          });
        }
        return { status: 'ready' as const, database: context.database.dialect };
      },
    );
  };
}
