import { useState } from 'react';
import { useSignInMethods } from '#web/features/accounts/api/methods.ts';
import { LoginForm } from './login-form.tsx';
import { MailRequestForm } from './mail-request-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AccountMode = 'login' | 'register' | 'emailLink' | 'passwordReset';

interface AccountFormsProps {
  mode: AccountMode;
  onModeChange: (mode: AccountMode) => void;
  onDone: () => void;
}

/** The forms of the account sheet, loaded when it first opens (the country list comes with them). */
export function AccountForms({ mode, onModeChange, onDone }: AccountFormsProps) {
  const methods = useSignInMethods();
  // The address typed into the sign-in form carries over to the mail forms.
  const [email, setEmail] = useState('');
  if (mode === 'emailLink' || mode === 'passwordReset') {
    return (
      <MailRequestForm
        kind={mode}
        available={methods.emailLink}
        initialEmail={email}
        onBack={() => onModeChange('login')}
      />
    );
  }
  return mode === 'login' ? (
    <LoginForm
      onDone={onDone}
      onSwitch={() => onModeChange('register')}
      onMail={(kind, typed) => {
        setEmail(typed);
        onModeChange(kind);
      }}
    />
  ) : (
    <RegisterForm onDone={onDone} onSwitch={() => onModeChange('login')} />
  );
}
