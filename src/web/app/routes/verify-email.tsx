import { useSearchParams } from 'react-router';
import { EmailVerification } from '#web/features/accounts/components/email-verification.tsx';

/** /verify-email?token=…: the page a verification link opens (docs/product.md §2) */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <EmailVerification token={params.get('token') ?? ''} />
    </section>
  );
}
