import { LayoutDashboard, LogOut, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '#shared/schemas/accounts.ts';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { useLogout } from '#web/features/accounts/api/auth.ts';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';

/** docs/product.md §2: the signed-in user's avatar and its menu (Profile, Admin Dashboard for admins, Logout). */
export function AvatarMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const location = useLocation();
  const logout = useLogout();
  const onAdminPage = location.pathname.startsWith('/admin-');

  return (
    // Not modal: the page stays readable to assistive technology behind a small menu (no aria-hidden root).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Account menu for ${user.username}`}
        className="rounded-full ring-offset-2 hover:ring-2 hover:ring-brand-100"
      >
        <Avatar name={user.username} imageUrl={user.profileImageUrl} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 animate-fade-in rounded-xl border border-slate-200 bg-white p-1 shadow-lg motion-reduce:animate-none"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs font-medium text-slate-500">
            {user.username}
          </DropdownMenu.Label>
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => navigate('/profile', { state: { from: location } })}
          >
            <UserRound className="size-4" aria-hidden />
            Profile
          </DropdownMenu.Item>
          {user.isAdmin && !onAdminPage ? (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/admin-database')}>
              <LayoutDashboard className="size-4" aria-hidden />
              Admin Dashboard
            </DropdownMenu.Item>
          ) : null}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item
            className={itemClass}
            onSelect={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
          >
            <LogOut className="size-4" aria-hidden />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
