import { useSearchParams } from 'react-router';
import { PasswordResetForm } from '#web/features/accounts/components/password-reset-form.tsx';

/** /reset-password?token=…: the page a password reset link opens (docs/product.md §2) */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <PasswordResetForm token={params.get('token') ?? ''} />
    </section>
  );
}
