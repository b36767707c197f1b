import { z } from 'zod';

/** The Security section's API (docs/product.md §7): passkeys, signed-in devices and the password change. */
const text = (max: number) => z.string().max(max).default('');

export const PasskeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: z.string(),
    /** When it last signed in, or null when it never has. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeysResponseSchema = z.object({ passkeys: z.array(PasskeySchema) });
export type PasskeysResponse = z.infer<typeof PasskeysResponseSchema>;

export const RenamePasskeyBodySchema = z.object({ name: text(1000) });

export const PasskeyIdParamsSchema = z.object({ id: z.string().min(1).max(1024) });

/**
 * What the browser's passkey prompt answered, as @simplewebauthn/browser encodes it. Only its outline is
 * checked here; the WebAuthn library checks the rest and refuses anything else with the contract's 400.
 */
const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/);
const credentialResponse = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: base64url.max(1024),
    rawId: base64url.max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url, ...response }),
    clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
    authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  });

export const PasskeyRegistrationBodySchema = z.object({
  credential: credentialResponse({
    attestationObject: base64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export type PasskeyRegistrationBody = z.infer<typeof PasskeyRegistrationBodySchema>;

export const PasskeySignInBodySchema = z.object({
  credential: credentialResponse({
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});
export type PasskeySignInBody = z.infer<typeof PasskeySignInBodySchema>;

/** The options the browser's passkey prompt opens with (WebAuthn's JSON form); passed on as they are. */
export const PasskeyOptionsResponseSchema = z.looseObject({ challenge: z.string() });

export const DeviceSchema = z
  .object({
    /** A handle for this session: never its token nor the token's hash. */
    id: z.string(),
    /** The browser in words, e.g. "Chrome on Android". */
    browser: z.string(),
    lastSeenAt: z.string(),
    signedInAt: z.string(),
    /** The session of the browser asking. */
    current: z.boolean(),
  })
  .meta({ id: 'Device' });
export type Device = z.infer<typeof DeviceSchema>;

export const DevicesResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DevicesResponse = z.infer<typeof DevicesResponseSchema>;

export const DeviceIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const SignedOutResponseSchema = z.object({ signedOut: z.number().int() });

export const ChangePasswordBodySchema = z.object({
  currentPassword: text(1024),
  password: text(1024),
  verifyPassword: text(1024),
});
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;
