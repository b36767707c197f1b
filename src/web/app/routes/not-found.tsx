import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you asked for does not exist or has moved.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        Back to Home
      </Link>
    </section>
  );
}
