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

/**
 * The signed-in admin; 401 for a visitor, 403 for a signed-in user who is not an admin. The 403 says what was
 * refused, as the specification words it: reading admin data, or making an admin change.
 */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden(isRead(request) ? MESSAGES.adminAccessRequired : MESSAGES.adminRequired);
  return user;
}

function isRead(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}
