import { z } from 'zod';

/**
 * POST /api/auth/register, /api/auth/login, /api/auth/logout and GET /api/auth/session (docs/product.md §7).
 * Registration fields are plain strings here: their rules (and their messages) live in
 * src/shared/registration.ts, so the route answers the first broken rule rather than a schema message.
 * Unknown keys such as isAdmin are dropped; the role only ever comes from the database.
 */
const text = (max: number) => z.string().max(max).default('');

export const RegisterBodySchema = z.object({
  username: text(200),
  email: text(320),
  password: text(1024),
  verifyPassword: text(1024),
  country: text(200),
  countryCode: text(10),
});
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const LoginBodySchema = z.object({
  email: text(320),
  password: text(1024),
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

export const SessionUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    country: z.string(),
    countryCode: z.string(),
    isAdmin: z.boolean(),
    /** ISO 8601 timestamp of sign-up. */
    createdAt: z.string(),
    profileImageUrl: z.string().nullable(),
    bannerImageUrl: z.string().nullable(),
    /** Whether the owner proved the address reaches them; alert emails go only to verified addresses. */
    emailVerified: z.boolean(),
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const SignedInResponseSchema = z.object({ user: SessionUserSchema });
export type SignedInResponse = z.infer<typeof SignedInResponseSchema>;

/** GET /api/auth/methods: the ways in this deployment offers, as the account sheet shows them. */
export const SignInMethodsSchema = z.object({
  /** Sign-in links and password resets by email: true when the server can send mail. */
  emailLink: z.boolean(),
  passkeys: z.boolean(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInMethods = z.infer<typeof SignInMethodsSchema>;

/** POST /api/auth/email-link and /api/auth/password-reset: where to send the mail. */
export const EmailBodySchema = z.object({ email: text(320) });
export type EmailBody = z.infer<typeof EmailBodySchema>;

/** The answer to a mail request, the same whether or not the address has an account. */
export const MailRequestedSchema = z.object({ sent: z.literal(true) });

/** POST /api/auth/email-link/verify and /api/auth/email-verification/verify: the token from the mail's link. */
export const TokenBodySchema = z.object({ token: text(200) });

/** POST /api/auth/password-reset/complete. */
export const PasswordResetBodySchema = z.object({
  token: text(200),
  password: text(1024),
  verifyPassword: text(1024),
});
export type PasswordResetBody = z.infer<typeof PasswordResetBodySchema>;

export const EmailVerifiedSchema = z.object({ emailVerified: z.literal(true) });
