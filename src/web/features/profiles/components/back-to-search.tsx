import { ArrowLeft } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import type { ProfileLinkState } from '#web/components/profile-link.tsx';
import { buttonClass } from '#web/components/ui/button.tsx';

/** docs/product.md §2: back to the page the visitor came from, search and all; home when they arrived directly. */
export function BackToSearch() {
  const navigate = useNavigate();
  const from = (useLocation().state as Partial<ProfileLinkState> | null)?.from;
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'px-3')}
      onClick={() =>
        navigate(from ? { pathname: from.pathname, search: from.search, hash: from.hash } : '/', {
          state: from?.state,
        })
      }
    >
      <ArrowLeft className="size-4" aria-hidden />
      Back to Search
    </button>
  );
}
