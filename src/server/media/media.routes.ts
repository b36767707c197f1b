import fs from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { notFound } from '../errors.ts';

export function mediaRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/media/:hash',
      {
        schema: {
          tags: ['media'],
          summary: 'A stored image (WebP); its address never changes, so it is cached for a year',
          params: z.object({ hash: z.string().max(64) }),
        },
      },
      async (request, reply) => {
        const found = await context.media.locate(request.params.hash);
        if (!found) throw notFound('There is no such image.');
        return reply
          .header('content-type', 'image/webp')
          .header('content-length', found.bytes)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(fs.createReadStream(found.file));
      },
    );
  };
}
