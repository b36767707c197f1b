import { Button, buttonClass } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import {
  providerStartUrl,
  useLinkedProviders,
  useUnlinkProvider,
} from '#web/features/accounts/api/identity.ts';
import { authErrorMessage } from '#web/features/accounts/auth-errors.ts';

/**
 * The own profile's sign-in providers (docs/product.md, "Sign-in with a provider"): Link {name} goes to the
 * provider and back; a linked one shows the email it gave and can be unlinked. Nothing shows when the site
 * offers no provider.
 */
export function LinkedProviders() {
  const linked = useLinkedProviders();
  const unlink = useUnlinkProvider();
  if (linked.isPending || (linked.isSuccess && linked.data.providers.length === 0)) return null;
  return (
    <section
      aria-labelledby="sign-in-providers"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="sign-in-providers" className="text-lg font-bold text-slate-900">
        Sign-in providers
      </h2>
      {linked.isError ? (
        <ErrorNotice message={authErrorMessage(linked.error)} onRetry={() => void linked.refetch()} />
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {linked.data.providers.map((provider) => (
            <li key={provider.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{provider.name}</p>
                <p className="break-all text-sm text-slate-600">
                  {provider.linked
                    ? `Linked${provider.linked.email ? ` as ${provider.linked.email}` : ''}: you can sign in with ${provider.name}.`
                    : 'Not linked'}
                </p>
              </div>
              {provider.linked ? (
                <Button
                  variant="secondary"
                  disabled={unlink.isPending}
                  onClick={() => unlink.mutate(provider.id)}
                >
                  {unlink.isPending && unlink.variables === provider.id
                    ? 'Unlinking…'
                    : `Unlink ${provider.name}`}
                </Button>
              ) : (
                <a
                  href={providerStartUrl(provider.id, { returnTo: '/profile', intent: 'link' })}
                  className={buttonClass('secondary')}
                >
                  {`Link ${provider.name}`}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      {unlink.isError ? <ErrorNotice message={authErrorMessage(unlink.error)} /> : null}
    </section>
  );
}
