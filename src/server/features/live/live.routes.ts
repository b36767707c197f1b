import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '#shared/schemas/common.ts';
import { addressKey } from '../../client-address.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import {
  MAX_STREAMS_PER_ACCOUNT,
  MAX_STREAMS_PER_ADDRESS,
  StreamCaps,
  type StreamLimit,
} from './stream-caps.ts';

/** Proxies and browsers drop a silent connection; a comment line this often keeps it open. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;
/** A stream ends after this long at most; the browser reconnects, and its session is checked again. */
const MAX_STREAM_MS = 60 * 60 * 1000;
const TOO_MANY_STREAMS = 'Too many live connections are open. Close a few Holoscope tabs and try again.';

/**
 * GET /api/live: Server-Sent Events. Each change arrives as `event: <type>` with `data: {"userId": …}`, and
 * the page refetches what it shows of that user. Offers reach only their two parties.
 */
export function liveRoutes(context: AppContext): FastifyPluginAsync {
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const open = new Set<ServerResponse>();
    const caps = new StreamCaps();

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
          response: { 429: ErrorBodySchema },
        },
      },
      async (request, reply) => {
        const limits: StreamLimit[] = [
          { key: `address:${addressKey(request.ip)}`, max: MAX_STREAMS_PER_ADDRESS },
          ...(request.user ? [{ key: `account:${request.user.id}`, max: MAX_STREAMS_PER_ACCOUNT }] : []),
        ];
        const release = caps.admit(limits);
        if (!release) {
          throw new AppError(429, 'rate-limited', TOO_MANY_STREAMS, undefined, { 'retry-after': '60' });
        }
        reply.hijack();
        const stream = reply.raw;
        // Past Fastify's reply from here: the headers it holds (the security headers) go out with ours.
        stream.writeHead(200, {
          ...(reply.getHeaders() as OutgoingHttpHeaders),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        stream.write(`retry: ${RETRY_MS}\n: connected\n\n`);
        open.add(stream);

        // A signed-in stream lasts as long as its session: it ends when the session is revoked on any
        // instance (sign-out, a new sign-in on the browser) and when it would expire unused.
        const session = request.session;
        const unsubscribe = context.live.subscribe((event) => {
          if (event.type === 'session-ended') {
            if (session && event.sessionId === session.id) stream.end();
            return;
          }
          stream.write(`event: ${event.type}\ndata: ${JSON.stringify({ userId: event.userId })}\n\n`);
        }, request.user?.id ?? null);
        const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), HEARTBEAT_MS);
        heartbeat.unref();
        const lifetime = session ? Date.parse(session.endsAt) - Date.now() : MAX_STREAM_MS;
        const expiry = setTimeout(() => stream.end(), Math.max(0, Math.min(lifetime, MAX_STREAM_MS)));
        expiry.unref();

        const stop = () => {
          release();
          clearInterval(heartbeat);
          clearTimeout(expiry);
          unsubscribe();
          open.delete(stream);
        };
        request.raw.once('close', stop);
        stream.once('close', stop);
      },
    );
  };
}
