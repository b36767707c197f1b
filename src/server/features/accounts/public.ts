// What other features may use of accounts: they import it from here, never from its other modules.
export { deleteSessionsOfUser, findUserById } from './accounts.repository.ts';
export { login, toSessionUser, waitMessage } from './accounts.service.ts';
export { requireAdmin, requireUser } from './guards.ts';
export { hashPassword } from './password.ts';
export { cookieName, isSessionLive } from './sessions.ts';
export { signInCookies } from './sign-in-cookies.ts';
export { removeWayIn } from './ways-in.ts';
