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
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const SessionResponseSchema = z.object({ user: SessionUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

export const SignedInResponseSchema = z.object({ user: SessionUserSchema });
export type SignedInResponse = z.infer<typeof SignedInResponseSchema>;
