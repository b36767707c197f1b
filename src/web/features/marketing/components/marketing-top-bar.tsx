import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** These pages hide the shared header (docs/product.md §2); this bar keeps a way home. */
export function MarketingTopBar() {
  return (
    <nav aria-label="Site" className="border-b border-white/10 bg-ink text-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link
          to="/"
          className="flex items-center gap-2 rounded font-bold tracking-tight focus-visible:outline-white"
          aria-label="Holoscope home"
        >
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className="text-lg">Holoscope</span>
        </Link>
        <Link
          to="/"
          className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-white ring-1 ring-white/30 hover:bg-white/10 focus-visible:outline-white"
        >
          <ArrowLeft className="size-4" aria-hidden />
          Back to Home
        </Link>
      </div>
    </nav>
  );
}
