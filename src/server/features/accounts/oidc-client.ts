import * as client from 'openid-client';
import type { IdentityProvider } from '../../env.ts';

/** Seconds to wait for a provider's discovery, token and userinfo answers before giving up. */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** What a started sign-in must remember until the provider sends the browser back. */
export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Who the provider says signed in, after every check passed. */
export interface VerifiedIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

/** Why a callback was refused: the person cancelled at the provider, or something did not check out. */
export class ProviderSignInError extends Error {
  constructor(
    readonly reason: 'cancelled' | 'failed',
    cause: unknown,
  ) {
    super(`Provider sign-in refused: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * One provider through openid-client: its discovery document is fetched on first use and kept, and fetched
 * again on the next sign-in if that failed, so a provider that was down at start does not need a restart.
 */
export class OidcProviderClient {
  private configuration: Promise<client.Configuration> | undefined;

  constructor(readonly provider: IdentityProvider) {}

  private discover(): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(
        new URL(this.provider.issuer),
        this.provider.clientId,
        undefined,
        client.ClientSecretBasic(this.provider.clientSecret),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          // env.ts lets http:// through only for a provider on this machine.
          ...(this.provider.issuer.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {}),
        },
      )
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  /** The provider's authorization URL for the code flow with PKCE (S256), state and nonce. */
  async authorizationUrl(redirectUri: string): Promise<{ url: URL; checks: AuthorizationChecks }> {
    const configuration = await this.discover();
    const checks: AuthorizationChecks = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
    };
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url, checks };
  }

  /**
   * Checks the provider's answer at the callback URL (state), trades the code for tokens (PKCE verifier)
   * and checks the ID token (signature, issuer, audience, expiry, nonce). The email comes from the ID token,
   * or from the userinfo endpoint when the provider keeps it there.
   */
  async verify(callbackUrl: URL, checks: AuthorizationChecks): Promise<VerifiedIdentity> {
    const configuration = await this.discover();
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the token response had no ID token');
      const info =
        typeof claims.email === 'string'
          ? claims
          : await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return {
        subject: claims.sub,
        email: typeof info.email === 'string' ? info.email : null,
        emailVerified: info.email_verified === true,
      };
    } catch (error) {
      const cancelled = error instanceof client.AuthorizationResponseError && error.error === 'access_denied';
      throw new ProviderSignInError(cancelled ? 'cancelled' : 'failed', error);
    }
  }
}
