import { useSearchParams } from 'react-router';
import { EmailLinkSignIn } from '#web/features/accounts/components/email-link-sign-in.tsx';

/** /sign-in/email-link?token=…: the page a sign-in link opens (docs/product.md §2) */
export function EmailLinkSignInPage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <EmailLinkSignIn token={params.get('token') ?? ''} />
    </section>
  );
}
