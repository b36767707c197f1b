import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type SignInMethods, SignInMethodsSchema } from '#shared/schemas/accounts.ts';
import type { Config } from '../../env.ts';

/**
 * The ways in this deployment offers (docs/product.md §2, Account sheet): email links and password resets
 * need a mail server; passkeys are always offered; the identity providers are those configured.
 */
export function signInMethods(config: Pick<Config, 'smtpUrl' | 'identityProviders'>): SignInMethods {
  return {
    emailLink: Boolean(config.smtpUrl),
    passkeys: true,
    providers: config.identityProviders.map(({ id, name }) => ({ id, name })),
  };
}

export function signInMethodsRoutes(config: Config): FastifyPluginAsync {
  const methods = signInMethods(config);
  return async (root) => {
    root.withTypeProvider<ZodTypeProvider>().get(
      '/api/auth/methods',
      {
        schema: {
          tags: ['accounts'],
          summary: 'The sign-in methods this deployment offers',
          response: { 200: SignInMethodsSchema },
        },
      },
      async (_request, reply) => {
        // The same for everyone, and it changes only with a new configuration.
        reply.header('cache-control', 'public, max-age=60');
        return methods;
      },
    );
  };
}
