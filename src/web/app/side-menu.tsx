import { Menu } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { SETS } from '#shared/sets.ts';
import { Sheet } from '#web/components/ui/sheet.tsx';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100'}`;

/** The left slide-out menu; it closes on the overlay, the close button, Esc, or following a link. */
export function SideMenu() {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const trigger = (
    <button type="button" className="rounded-lg p-2 text-slate-700 hover:bg-slate-100" aria-label="Open menu">
      <Menu className="size-5" aria-hidden />
    </button>
  );
  return (
    <Sheet open={open} onOpenChange={setOpen} side="left" title="Menu" trigger={trigger}>
      <nav aria-label="Main">
        <ul className="space-y-1">
          <li>
            <NavLink to="/" end className={linkClass} onClick={close}>
              Home
            </NavLink>
          </li>
          <li>
            <p
              className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500"
              id="card-sets-heading"
            >
              Card Sets
            </p>
            <ul aria-labelledby="card-sets-heading" className="space-y-1 pl-3">
              {SETS.map((set) => (
                <li key={set.id}>
                  <NavLink to={`/card-sets/${set.slug}`} className={linkClass} onClick={close}>
                    {set.name}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <NavLink to="/card-advances" className={linkClass} onClick={close}>
              Card Advances
            </NavLink>
          </li>
          <li>
            <NavLink to="/seller-partnership" className={linkClass} onClick={close}>
              Seller Equity Program
            </NavLink>
          </li>
          <li>
            <NavLink to="/psa-search" className={linkClass} onClick={close}>
              PSA Cert Search
            </NavLink>
          </li>
          <li>
            <NavLink to="/scan" className={linkClass} onClick={close}>
              Scan a slab
            </NavLink>
          </li>
        </ul>
      </nav>
    </Sheet>
  );
}
