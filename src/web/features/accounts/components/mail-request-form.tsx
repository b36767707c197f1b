import { type FormEvent, useState } from 'react';
import { ACCOUNT_MAIL_MESSAGES } from '#shared/account-links.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice } from '#web/components/ui/states.tsx';
import { useRequestMail } from '#web/features/accounts/api/auth.ts';
import { authErrorField, authErrorMessage } from '#web/features/accounts/auth-errors.ts';
import { useFieldErrors } from '#web/lib/use-field-errors.ts';
import { EmailField } from './account-fields.tsx';

interface MailRequestFormProps {
  kind: 'emailLink' | 'passwordReset';
  /** Whether this server can send mail at all. */
  available: boolean;
  /** The address typed into the sign-in form, to start from. */
  initialEmail: string;
  onBack: () => void;
}

const FIELDS = ['email'] as const;

const TEXTS = {
  emailLink: {
    intro: 'Enter your email address and we will send you a link that signs you in, no password needed.',
    button: 'Email me a sign-in link',
    busy: 'Sending...',
    sent: 'If it has a Holoscope account, the email has a link that signs you in. It works once, for 15 minutes.',
  },
  passwordReset: {
    intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
    button: 'Send reset link',
    busy: 'Sending...',
    sent: 'If it has a Holoscope account, the email has a link to choose a new password. It works once, for 30 minutes.',
  },
} as const;

/**
 * docs/product.md §2: the account sheet's "Email me a sign-in link" and "Forgot password?". What it says
 * after sending is the same for every address, as the server's answer is.
 */
export function MailRequestForm({ kind, available, initialEmail, onBack }: MailRequestFormProps) {
  const request = useRequestMail(kind);
  const form = useFieldErrors(FIELDS);
  const [email, setEmail] = useState(initialEmail);
  const texts = TEXTS[kind];
  const back = (
    <button
      type="button"
      onClick={onBack}
      className="font-semibold text-brand-700 underline-offset-2 hover:underline"
    >
      Back to sign in
    </button>
  );

  if (!available) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">
          {kind === 'emailLink'
            ? ACCOUNT_MAIL_MESSAGES.emailLinkUnavailable
            : ACCOUNT_MAIL_MESSAGES.passwordResetUnavailable}
        </p>
        <p className="text-center text-sm">{back}</p>
      </div>
    );
  }

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <div role="status" className="space-y-2">
          <p className="font-semibold text-slate-900">Check your email</p>
          <p className="text-slate-700">
            We have sent a message to <strong>{request.variables.email.trim()}</strong>. {texts.sent}
          </p>
          <p className="text-sm text-slate-600">Nothing after a few minutes? Look in your spam folder.</p>
        </div>
        <p className="text-center text-sm">{back}</p>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    request.mutate(
      { email },
      {
        onError: (error) => {
          const field = authErrorField(error, FIELDS);
          if (field) form.show({ [field]: authErrorMessage(error) });
        },
      },
    );
  }

  const busy = request.isPending;
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label={texts.button}>
      <p className="text-sm text-slate-600">{texts.intro}</p>
      {request.isError ? <ErrorNotice id={form.bannerId} message={authErrorMessage(request.error)} /> : null}
      <EmailField {...form.control('email')} value={email} disabled={busy} onChange={setEmail} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? texts.busy : texts.button}
      </Button>
      <p className="text-center text-sm">{back}</p>
    </form>
  );
}
