import type { ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';

/** Proxies and browsers drop a silent connection; a comment line this often keeps it open. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

/**
 * GET /api/live: Server-Sent Events. Each change arrives as `event: <type>` with `data: {"userId": …}`, and
 * the page refetches what it shows of that user. Offers reach only their two parties.
 */
export function liveRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const open = new Set<ServerResponse>();

    // Streams never finish by themselves; ending them first lets a graceful shutdown complete.
    app.addHook('preClose', async () => {
      for (const stream of open) stream.end();
      open.clear();
    });

    app.get(
      '/api/live',
      {
        schema: {
          tags: ['live'],
          summary: 'Server-Sent Events: profile, collection and offer changes (text/event-stream)',
          produces: ['text/event-stream'],
        },
      },
      async (request, reply) => {
        reply.hijack();
        const stream = reply.raw;
        stream.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
        open.add(stream);

        const unsubscribe = context.live.subscribe((event) => {
          stream.write(`event: ${event.type}\ndata: ${JSON.stringify({ userId: event.userId })}\n\n`);
        }, request.user?.id ?? null);
        const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
        heartbeat.unref();

        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
          open.delete(stream);
        };
        request.raw.once('close', stop);
        stream.once('close', stop);
      },
    );
  };
}
