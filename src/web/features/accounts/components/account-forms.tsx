import { LoginForm } from './login-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AccountMode = 'login' | 'register';

interface AccountFormsProps {
  mode: AccountMode;
  onModeChange: (mode: AccountMode) => void;
  onDone: () => void;
}

/** The forms of the account sheet, loaded when it first opens (the country list comes with them). */
export function AccountForms({ mode, onModeChange, onDone }: AccountFormsProps) {
  return mode === 'login' ? (
    <LoginForm onDone={onDone} onSwitch={() => onModeChange('register')} />
  ) : (
    <RegisterForm onDone={onDone} onSwitch={() => onModeChange('login')} />
  );
}
