import { Link } from 'react-router';
import { AccountControls } from './account-controls.tsx';
import { FeaturesModal } from './features-modal.tsx';
import { SideMenu } from './side-menu.tsx';

export function Header() {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3 sm:px-6">
        <SideMenu />
        <Link to="/" className="flex items-center gap-2 rounded font-bold tracking-tight text-ink">
          <img src="/favicon.svg" alt="" width={24} height={24} />
          <span className="text-lg">Holoscope</span>
        </Link>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <FeaturesModal />
          <AccountControls />
        </div>
      </div>
    </header>
  );
}
