import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { AccountSheet } from './account-sheet.tsx';

/** Login for a visitor, wherever signing in is the next step: it opens the account sheet. */
export function LoginButton() {
  const [open, setOpen] = useState(false);
  return <AccountSheet open={open} onOpenChange={setOpen} trigger={<Button>Login</Button>} />;
}
