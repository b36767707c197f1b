import { useSearchParams } from 'react-router';
import { CompleteProviderSignIn } from '#web/features/accounts/components/complete-provider-sign-in.tsx';

/** /sign-in/complete: where a provider sign-in lands when it needs a username and country, or failed. */
export function SignInCompletePage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <CompleteProviderSignIn problem={params.get('problem')} />
    </section>
  );
}
