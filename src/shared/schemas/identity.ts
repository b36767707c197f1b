import { z } from 'zod';
import { SessionUserSchema } from './accounts.ts';

/**
 * Sign-in with an identity provider (docs/product.md §7): the finishing step for a new identity and the
 * profile's linked providers. Fields are plain strings: their rules and messages live in
 * src/shared/registration.ts, as for registration.
 */
const text = (max: number) => z.string().max(max).default('');

export const CompleteProviderSignInBodySchema = z.object({
  username: text(200),
  country: text(200),
  countryCode: text(10),
});
export type CompleteProviderSignInBody = z.infer<typeof CompleteProviderSignInBodySchema>;

export const CompletedProviderSignInSchema = z.object({
  user: SessionUserSchema,
  /** The same-site path the sign-in was started from. */
  returnTo: z.string(),
});

export const PendingIdentitySchema = z.object({
  providerName: z.string(),
  email: z.string().nullable(),
  /** Why no account can be made from this identity (an unconfirmed email, or one an account already uses). */
  problem: z.string().nullable(),
});
export type PendingIdentity = z.infer<typeof PendingIdentitySchema>;

export const LinkedProvidersSchema = z.object({
  providers: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      /** The provider identity linked to this account, or null. */
      linked: z.object({ email: z.string().nullable(), linkedAt: z.string() }).nullable(),
    }),
  ),
});
export type LinkedProviders = z.infer<typeof LinkedProvidersSchema>;
