import { useState } from 'react';
import { Button } from '../components/ui/button.tsx';
import { Sheet } from '../components/ui/sheet.tsx';

/** The right side of the header for a visitor. Accounts are not open yet, so Login explains that. */
export function AccountControls() {
  const [open, setOpen] = useState(false);
  return (
    <Sheet
      open={open}
      onOpenChange={setOpen}
      side="bottom"
      title="Accounts are opening soon"
      trigger={<Button>Login</Button>}
    >
      <p className="text-sm text-slate-600">
        Collector accounts, profiles and offers are not open yet. You can already research sales and browse
        the card sets without an account.
      </p>
    </Sheet>
  );
}
