import { lazy, Suspense } from 'react';
import { Avatar } from '#web/components/ui/avatar.tsx';
import { useSession } from '#web/features/accounts/api/session.ts';
import { LoginButton } from '#web/features/accounts/components/login-button.tsx';
import { FeaturesModal } from './features-modal.tsx';

// The menu and its positioning code load only for signed-in users, keeping a visitor's first load small.
const AvatarMenu = lazy(() =>
  import('#web/features/accounts/components/avatar-menu.tsx').then((m) => ({ default: m.AvatarMenu })),
);
const NotificationBell = lazy(() =>
  import('#web/features/notifications/components/notification-bell.tsx').then((m) => ({
    default: m.NotificationBell,
  })),
);

/**
 * docs/product.md §2: the header's right side — Info and Login for a visitor, the notification bell
 * (docs/product.md §10) and the avatar menu once signed in.
 */
export function AccountControls() {
  const { user, isLoading } = useSession();
  // Nothing until the session is known, so a signed-in user never sees Login flash by.
  if (isLoading) return <span className="block h-9 w-9" aria-hidden />;
  if (user) {
    return (
      <>
        <Suspense fallback={<span className="block size-9" aria-hidden />}>
          <NotificationBell />
        </Suspense>
        <Suspense fallback={<Avatar name={user.username} imageUrl={user.profileImageUrl} />}>
          <AvatarMenu user={user} />
        </Suspense>
      </>
    );
  }
  return (
    <>
      <FeaturesModal />
      <LoginButton />
    </>
  );
}
