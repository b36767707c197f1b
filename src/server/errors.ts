import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorBody, type ErrorCode, MESSAGES } from '#shared/errors.ts';

/** An error the client can act on: it becomes the contract's error body with its status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError(404, 'not-found', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation', message, fields);
export const unauthenticated = (message: string = MESSAGES.authenticationRequired) =>
  new AppError(401, 'unauthenticated', message);
export const forbidden = (message: string = MESSAGES.adminRequired) =>
  new AppError(403, 'forbidden', message);

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not-found',
  406: 'validation',
  409: 'conflict',
  413: 'payload-too-large',
  415: 'unsupported-media-type',
  429: 'rate-limited',
  503: 'service-unavailable',
};

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields && Object.keys(fields).length > 0 ? { code, message, fields } : { code, message } };
}

/** pg and pg-pool report a lost or timed-out connection with these messages and no code. */
const PG_CONNECTION_LOST =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether an error means the database cannot be reached (so the answer is 503, not 500). */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  const message = (error as { message?: unknown }).message;
  if (code === undefined && typeof message === 'string' && PG_CONNECTION_LOST.test(message)) return true;
  return (
    typeof code === 'string' &&
    ([
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P02',
      '57P03',
      '08006',
      '08001',
      '08003',
    ].includes(code) ||
      code === 'SQLITE_BUSY')
  );
}

/** Fastify refuses a malformed address or an over-long path parameter before routing; it still gets the contract's body. */
export function answerFrameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .status(status)
    .send(body(CODE_BY_STATUS[status] ?? 'validation', 'The address of this request is not valid.'));
}

/** PostgreSQL refuses text it cannot store (a NUL character, an invalid byte sequence): the input's fault. */
function isUnstorableText(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

/** The one error handler: every failure leaves as the contract's body; bad input is always a 4xx. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        fields[key] ??= issue.message ?? 'Not valid.';
      }
      const first = Object.values(fields)[0] ?? 'The request is not valid.';
      return reply.status(400).send(body('validation', first, fields));
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(body('validation', 'The request contains characters that cannot be stored.'));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ req: request, err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send(body('service-unavailable', MESSAGES.serviceUnavailable));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = CODE_BY_STATUS[status] ?? 'validation';
      const message =
        code === 'payload-too-large'
          ? MESSAGES.payloadTooLarge
          : code === 'rate-limited'
            ? MESSAGES.rateLimited
            : error.message || 'The request is not valid.';
      return reply.status(status).send(body(code, message));
    }
    request.log.error({ req: request, err: error }, 'request failed');
    return reply.status(500).send(body('internal', MESSAGES.generic));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not-found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
