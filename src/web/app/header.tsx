import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '#web/components/ui/button.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { useLiveUpdates } from '#web/features/live/use-live-updates.ts';
import { AccountControls } from './account-controls.tsx';
import { SideMenu } from './side-menu.tsx';

export function Header() {
  const { user } = useSession();
  useLiveUpdates(user?.id ?? null);
  const onAdminPage = useLocation().pathname.startsWith('/admin-');
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <SideMenu />
        <Link to="/" className="flex items-center gap-2 rounded font-bold tracking-tight text-ink">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          {/* On a phone the admin pages need the room for Back to Home; the name stays for screen readers. */}
          <span className={`text-lg ${onAdminPage ? 'max-sm:sr-only' : ''}`}>Holoscope</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {onAdminPage ? (
            <Link to="/" className={buttonClass('secondary', 'whitespace-nowrap px-3')}>
              <ArrowLeft className="size-4" aria-hidden />
              Back to Home
            </Link>
          ) : null}
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
