import { Link } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';

/** Stands for a page that is not open yet and says so plainly. */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-3 text-slate-600">{summary}</p>
      <p className="mt-2 font-medium text-slate-800">This page is not open yet. It is coming soon.</p>
      <Link to="/" className={buttonClass('primary', 'mt-6')}>
        Back to Home
      </Link>
    </section>
  );
}
