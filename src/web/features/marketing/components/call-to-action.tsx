import type { ReactNode } from 'react';

interface CallToActionProps {
  title: string;
  text: string;
  /** The buttons that act on it. */
  children: ReactNode;
}

/** The closing panel of a marketing page: a last word and its buttons. */
export function CallToAction({ title, text, children }: CallToActionProps) {
  return (
    <section aria-labelledby="cta-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-ink p-6 text-white sm:flex-row sm:items-center sm:justify-between sm:p-8">
        <div>
          <h2 id="cta-heading" className="text-xl font-bold">
            {title}
          </h2>
          <p className="mt-1 text-slate-300">{text}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
