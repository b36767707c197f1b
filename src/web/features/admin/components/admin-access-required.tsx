import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';

/** docs/product.md §2: shown when the admin screen is opened without admin rights. */
export function AdminAccessRequired() {
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center" aria-labelledby="admin-access-title">
      <ShieldAlert className="mx-auto size-10 text-slate-400" aria-hidden />
      <h1 id="admin-access-title" className="mt-3 text-2xl font-bold text-slate-900">
        Admin Access Required
      </h1>
      <p className="mt-2 text-slate-600">Only admins can open the Admin Database Manager.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        Return to Home
      </Link>
    </section>
  );
}
