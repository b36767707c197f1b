import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SignedInResponseSchema } from '#shared/schemas/accounts.ts';
import { errorResponses } from '#shared/schemas/common.ts';
import {
  ChangePasswordBodySchema,
  DeviceIdParamsSchema,
  DevicesResponseSchema,
  SignedOutResponseSchema,
} from '#shared/schemas/security.ts';
import type { AppContext } from '../../context.ts';
import { unauthenticated } from '../../errors.ts';
import { changePassword, listDevices, signOutDevice, signOutOtherDevices } from './security.service.ts';

/** Password changes per IP address per minute; wrong current passwords are also slowed as sign-ins are. */
const PASSWORD_CHANGES_PER_MINUTE = 10;

/** The signed-in user and the session asking; 401 for a visitor. */
function requireSession(request: FastifyRequest) {
  if (!request.user || !request.session) throw unauthenticated();
  return { user: request.user, sessionId: request.session.id };
}

/** The own profile's Security section: signed-in devices and the password change (docs/product.md). */
export function securityRoutes(context: AppContext): FastifyPluginAsync {
  const { db } = context.database;
  return async (root) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/me/devices',
      {
        schema: {
          tags: ['security'],
          summary: "The signed-in user's devices: each live session's browser and last use",
          response: { 200: DevicesResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user, sessionId } = requireSession(request);
        return { devices: await listDevices(db, user.id, sessionId) };
      },
    );

    app.delete(
      '/api/me/devices/:id',
      {
        schema: {
          tags: ['security'],
          summary: 'Sign one device out: its session ends at once',
          params: DeviceIdParamsSchema,
          response: { 200: SignedOutResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user } = requireSession(request);
        await signOutDevice(context, user.id, request.params.id);
        return { signedOut: 1 };
      },
    );

    app.post(
      '/api/me/devices/sign-out-others',
      {
        schema: {
          tags: ['security'],
          summary: 'Sign out everywhere else: every session but this one ends',
          response: { 200: SignedOutResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user, sessionId } = requireSession(request);
        return { signedOut: await signOutOtherDevices(context, user.id, sessionId) };
      },
    );

    app.post(
      '/api/me/password',
      {
        config: { rateLimit: { max: PASSWORD_CHANGES_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['security'],
          summary: 'Change the password (the current one required); every other session ends',
          body: ChangePasswordBodySchema,
          response: { 200: SignedInResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const { user, sessionId } = requireSession(request);
        await changePassword(context, user, sessionId, request.body, request.ip);
        return { user };
      },
    );
  };
}
