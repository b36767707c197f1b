import { ChangePasswordForm } from './change-password-form.tsx';
import { DevicesPanel } from './devices-panel.tsx';
import { PasskeysPanel } from './passkeys-panel.tsx';

/** docs/product.md §2: the own profile's Security section: passkeys, signed-in devices, the password. */
export function SecuritySection() {
  return (
    <section
      aria-labelledby="security-heading"
      className="space-y-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="security-heading" className="text-lg font-semibold text-slate-900">
        Security
      </h2>
      <PasskeysPanel />
      <hr className="border-slate-100" />
      <DevicesPanel />
      <hr className="border-slate-100" />
      <ChangePasswordForm />
    </section>
  );
}
