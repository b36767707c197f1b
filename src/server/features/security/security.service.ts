import type { Kysely } from 'kysely';
import { MESSAGES } from '#shared/errors.ts';
import { firstPasswordProblem, PASSWORD_MIN_LENGTH } from '#shared/registration.ts';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import type { ChangePasswordBody, Device } from '#shared/schemas/security.ts';
import { SECURITY_MESSAGES } from '#shared/security.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { hashPassword, isSessionLive, login } from '../accounts/public.ts';
import { browserName } from './browser-name.ts';
import * as repo from './security.repository.ts';

type Db = Kysely<Database>;

/**
 * A device's handle is the first 16 hex digits of its session's stored hash: enough to tell a user's
 * sessions apart, and useless for signing in (decision 043).
 */
const HANDLE_LENGTH = 16;
const handleOf = (sessionId: string) => sessionId.slice(0, HANDLE_LENGTH);

/** The user's live sessions, the most recently seen first, with the one asking marked. */
export async function listDevices(db: Db, userId: string, currentSessionId: string, now = new Date()) {
  const sessions = await repo.listSessions(db, userId);
  return sessions
    .filter((session) => isSessionLive(session, now))
    .map(
      (session): Device => ({
        id: handleOf(session.id),
        browser: browserName(session.userAgent),
        lastSeenAt: session.lastSeenAt,
        signedInAt: session.createdAt,
        current: session.id === currentSessionId,
      }),
    );
}

async function endSessions(context: AppContext, userId: string, sessionIds: string[]): Promise<number> {
  const ended = await repo.deleteSessions(context.database.db, userId, sessionIds);
  await announceEnded(context, userId, ended);
  return ended.length;
}

/** Tells every instance, so the ended sessions' open live streams close too. */
async function announceEnded(context: AppContext, userId: string, sessionIds: string[]) {
  for (const sessionId of sessionIds) {
    await context.live.publish({ type: 'session-ended', userId, to: [userId], sessionId });
  }
}

/** Signs one of the user's devices out; 404 when no session of theirs has that handle. */
export async function signOutDevice(context: AppContext, userId: string, handle: string): Promise<void> {
  const sessions = await repo.listSessions(context.database.db, userId);
  const session = sessions.find((candidate) => handleOf(candidate.id) === handle);
  if (!session || (await endSessions(context, userId, [session.id])) === 0) {
    throw notFound(SECURITY_MESSAGES.deviceNotFound);
  }
}

/** Signs out every session of the user but the one asking; how many were ended. */
export async function signOutOtherDevices(context: AppContext, userId: string, currentSessionId: string) {
  const sessions = await repo.listSessions(context.database.db, userId);
  const others = sessions.filter((session) => session.id !== currentSessionId).map((session) => session.id);
  return endSessions(context, userId, others);
}

/**
 * A new password needs the current one, checked as a sign-in is (the same limits on guessing), and the
 * registration's rules and messages. Every other session of the account ends with the old password.
 */
export async function changePassword(
  context: AppContext,
  user: SessionUser,
  currentSessionId: string,
  body: ChangePasswordBody,
  address: string,
): Promise<void> {
  const { db } = context.database;
  if (body.currentPassword === '') {
    const message = SECURITY_MESSAGES.currentPasswordRequired;
    throw badRequest(message, { currentPassword: message });
  }
  const problem = firstPasswordProblem(body.password, body.verifyPassword);
  if (problem) throw badRequest(problem.message, { [problem.field]: problem.message });
  if (body.password.trim().length < PASSWORD_MIN_LENGTH) {
    throw new AppError(400, 'weak-password', MESSAGES.weakPassword, { password: MESSAGES.weakPassword });
  }
  try {
    await login(db, { email: user.email, password: body.currentPassword }, { address, device: null });
  } catch (error) {
    if (error instanceof AppError && error.code === 'invalid-credentials') {
      const message = SECURITY_MESSAGES.currentPasswordWrong;
      throw badRequest(message, { currentPassword: message });
    }
    throw error;
  }
  const ended = await repo.replacePassword(db, user.id, await hashPassword(body.password), currentSessionId);
  await announceEnded(context, user.id, ended);
}
