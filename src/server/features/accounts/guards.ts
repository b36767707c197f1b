import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '#shared/errors.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import { forbidden, unauthenticated } from '../../errors.ts';

/** The signed-in user; 401 with the given message for a visitor. */
export function requireUser(
  request: FastifyRequest,
  message: string = MESSAGES.authenticationRequired,
): SessionUser {
  if (!request.user) throw unauthenticated(message);
  return request.user;
}

/** The signed-in admin; 401 for a visitor, 403 for a signed-in user who is not an admin. */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden(MESSAGES.adminRequired);
  return user;
}
