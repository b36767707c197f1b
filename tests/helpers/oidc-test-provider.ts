import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';

/** Someone with an account at the test provider. */
export interface ProviderAccount {
  sub: string;
  email: string;
  emailVerified: boolean;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next login at the provider signs in as; without one, every login is a new person. */
  signInAs(account: ProviderAccount | null): void;
  /** Whether the person at the provider refuses the request (the provider answers access_denied). */
  refuseNextLogin(): void;
  /** While on, ID tokens are issued by a provider whose clock is ten minutes behind: expired on arrival. */
  issueExpiredIdTokens(on: boolean): void;
  close(): Promise<void>;
}

const ID_TOKEN_TTL_SECONDS = 60;
/** How long the provider keeps its own sign-in, consent and tokens: longer than any test. */
const PROVIDER_STATE_TTL_SECONDS = 60 * 60;
const CLOCK_BEHIND_MS = 10 * 60 * 1000;

/**
 * Warnings oidc-provider prints that are known not to apply to a provider a test starts, so the tests'
 * output keeps only what needs attention. It warns on importing under any Node.js before 22 LTS: the project
 * supports Node.js 20.19 (package.json engines) and only the tests run this provider, while the app itself
 * signs in with openid-client. And it warns that its in-memory store loses everything on a restart, which is
 * all a provider that lives as long as the tests needs. Any other warning is printed.
 */
const NOT_APPLICABLE_WARNINGS = ['Unsupported runtime.', 'in-memory adapter is used'];

async function withoutKnownWarnings<T>(load: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const text = String(args[0]);
    if (!NOT_APPLICABLE_WARNINGS.some((known) => text.includes(known))) warn(...args);
  };
  try {
    return await load();
  } finally {
    console.warn = warn;
  }
}

/** A new verified person each time, for flows that only need someone new. */
export function newProviderAccount(overrides: Partial<ProviderAccount> = {}): ProviderAccount {
  const id = crypto.randomBytes(5).toString('hex');
  return { sub: `person-${id}`, email: `person-${id}@provider.example`, emailVerified: true, ...overrides };
}

/**
 * A real OpenID Provider (oidc-provider) on 127.0.0.1, with one confidential client registered for the
 * given callback URLs. Its login interaction is finished at once for the chosen person, and consent is
 * granted with it, as a provider does for a person already signed in there who approved the site before.
 */
export async function startTestIdentityProvider(options: {
  redirectUris: string[];
  port?: number;
  /** A fixed secret, when the client is configured before the provider starts; a random one otherwise. */
  clientSecret?: string | undefined;
}): Promise<TestIdentityProvider> {
  const accounts = new Map<string, ProviderAccount>();
  let next: ProviderAccount | null = null;
  let refuse = false;
  let expiredIdTokens = false;
  const clientId = 'holoscope-test';
  const clientSecret = options.clientSecret ?? crypto.randomBytes(24).toString('base64url');
  const signingKey = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ format: 'jwk' });

  const { default: Provider } = await withoutKnownWarnings(() => import('oidc-provider'));
  // Loaded before the server listens: from listening until the request handler is attached below, only
  // promise continuations run, so no request can arrive to a server without one and hang.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-signing-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    ttl: {
      IdToken: ID_TOKEN_TTL_SECONDS,
      AccessToken: PROVIDER_STATE_TTL_SECONDS,
      Interaction: PROVIDER_STATE_TTL_SECONDS,
      Session: PROVIDER_STATE_TTL_SECONDS,
      Grant: PROVIDER_STATE_TTL_SECONDS,
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: account.email, email_verified: account.emailVerified }),
      };
    },
  };
  const provider = await withoutKnownWarnings(async () => new Provider(issuer, configuration));
  const handle = provider.callback();

  async function finishInteraction(request: http.IncomingMessage, response: http.ServerResponse) {
    const details = await provider.interactionDetails(request, response);
    if (refuse) {
      refuse = false;
      const result = { error: 'access_denied', error_description: 'The person declined.' };
      return provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
    }
    if (details.prompt.name === 'login') {
      const account = next ?? newProviderAccount();
      accounts.set(account.sub, account);
      return provider.interactionFinished(request, response, { login: { accountId: account.sub } });
    }
    const grant = new provider.Grant({
      accountId: details.session?.accountId,
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    return provider.interactionFinished(
      request,
      response,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  }

  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.url?.startsWith('/interaction/')) {
      finishInteraction(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    if (expiredIdTokens && request.url === '/token') {
      // oidc-provider reads the time from Date.now(); the clock is put right before the answer leaves, so
      // the client checks the ID token on the real time.
      const realNow = Date.now;
      const end = response.end.bind(response);
      Date.now = () => realNow() - CLOCK_BEHIND_MS;
      response.end = ((...args: Parameters<typeof end>) => {
        Date.now = realNow;
        return end(...args);
      }) as typeof response.end;
    }
    handle(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    refuseNextLogin() {
      refuse = true;
    },
    issueExpiredIdTokens(on) {
      expiredIdTokens = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
