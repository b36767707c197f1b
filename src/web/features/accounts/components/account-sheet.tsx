import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Sheet } from '#web/components/ui/sheet.tsx';
import { Spinner } from '#web/components/ui/states.tsx';
import type { AccountMode } from './account-forms.tsx';

const AccountForms = lazy(() => import('./account-forms.tsx').then((m) => ({ default: m.AccountForms })));

const TITLES: Record<AccountMode, string> = {
  login: 'Welcome Back',
  register: 'Create Account',
  emailLink: 'Sign in by email',
  passwordReset: 'Reset your password',
};

/**
 * Opening the sheet puts focus on its email field, the first thing to fill, rather than on Close. The forms
 * load on demand, so until the field is there the sheet itself holds focus.
 */
function focusEmailField(event: Event): void {
  event.preventDefault();
  const sheet = event.currentTarget as HTMLElement;
  const focusEmail = () => {
    const email = sheet.querySelector<HTMLInputElement>('input[type="email"]');
    email?.focus();
    return email !== null;
  };
  if (focusEmail()) return;
  sheet.focus();
  const observer = new MutationObserver(() => {
    if (focusEmail()) observer.disconnect();
  });
  observer.observe(sheet, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 10_000);
}

interface AccountSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opens the sheet; focus returns to it when the sheet closes. */
  trigger?: ReactNode;
}

/**
 * docs/product.md §2's account modal: a bottom sheet that switches between signing in, signing up, asking for a
 * sign-in link and asking for a password reset. It closes on success, and its forms start empty every time it
 * opens.
 */
export function AccountSheet({ open, onOpenChange, trigger }: AccountSheetProps) {
  const [mode, setMode] = useState<AccountMode>('login');
  function change(next: boolean) {
    onOpenChange(next);
    if (!next) setMode('login');
  }
  return (
    <Sheet
      open={open}
      onOpenChange={change}
      side="bottom"
      title={TITLES[mode]}
      trigger={trigger}
      onOpenAutoFocus={focusEmailField}
    >
      <Suspense fallback={<Spinner />}>
        <AccountForms mode={mode} onModeChange={setMode} onDone={() => change(false)} />
      </Suspense>
    </Sheet>
  );
}
