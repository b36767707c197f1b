import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** A request that takes this long is logged as a warning whatever the level. */
export const SLOW_REQUEST_MS = 1000;

/**
 * Fastify's own log lines, with the two it writes for every request ("incoming request" and "request
 * completed") at `debug` instead of `info`: at the default level a line per request costs a JSON
 * serialisation and a write to standard output, and those two nearly doubled the server's work per request
 * (docs/decisions/022-request-lines-at-debug.md). At `info` what remains about requests is a request that
 * ends in an error, a slow one, and every line Fastify writes about errors.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
    } else if (responseTime >= SLOW_REQUEST_MS) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    } else {
      reply.log.debug({ res: reply, responseTime }, 'request completed');
    }
  }
}
