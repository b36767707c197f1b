import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { type NotificationFacts, notificationText } from '#shared/notification-text.ts';
import type { Notification } from '#shared/schemas/notifications.ts';
import { Button } from '#web/components/ui/button.tsx';
import { ErrorNotice, Spinner } from '#web/components/ui/states.tsx';
import { useMarkRead, useNotifications } from '#web/features/notifications/api/notifications.ts';
import { AlertEmailsSwitch } from '#web/features/notifications/components/alert-emails-switch.tsx';
import { formatCount, formatDateTime, formatSaleDate } from '#web/lib/format.ts';

/**
 * Where a notification leads: the card's analysis for a sale, the owner's profile for a card open to offers,
 * the offer itself for an expired offer or a deal.
 */
function notificationLink(notification: Notification): string {
  if (notification.offerId) {
    return `/offers/${encodeURIComponent(notification.offerId)}`;
  }
  if (notification.kind === 'wanted-card-open' && notification.ownerId) {
    return `/profile/${encodeURIComponent(notification.ownerId)}`;
  }
  const params = new URLSearchParams({
    mode: 'analyse',
    set: notification.setId,
    card: notification.cardName,
  });
  if (notification.grader && notification.grade !== null) {
    params.set('grader', notification.grader);
    params.set('grade', String(notification.grade));
  }
  return `/?${params}`;
}

/** What the row says: the notification's text, and for a sale the day it sold. */
function rowText(notification: Notification): string {
  const facts: NotificationFacts = notification;
  const text = notificationText(facts);
  return notification.kind === 'sale' && notification.soldAt
    ? `${text} on ${formatSaleDate(notification.soldAt)}`
    : text;
}

/**
 * docs/product.md §10: the header's bell. Its badge counts unread notifications and changes live; opening it
 * lists them newest raised first, each with when it was raised; opening one marks it read, and the list can
 * be marked read at once. Its foot holds the Alert emails switch.
 */
export function NotificationBell() {
  const notifications = useNotifications(true);
  const markRead = useMarkRead();
  const unread = notifications.data?.pages[0]?.unread ?? 0;
  const items = notifications.data?.pages.flatMap((page) => page.notifications) ?? [];
  const label = unread > 0 ? `Notifications, ${formatCount(unread)} unread` : 'Notifications';

  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={label}
        className="relative inline-flex size-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 ? (
          <span
            aria-hidden
            data-testid="unread-count"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-semibold leading-5 text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 w-[min(24rem,calc(100vw-1rem))] animate-fade-in rounded-xl border border-slate-200 bg-white shadow-lg motion-reduce:animate-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
            <h2 className="text-base font-semibold text-slate-900">Notifications</h2>
            {unread > 0 ? (
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(undefined)}
              >
                Mark all read
              </Button>
            ) : null}
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            {notifications.isPending ? (
              <Spinner label="Loading notifications…" />
            ) : notifications.isError ? (
              <div className="p-3">
                <ErrorNotice
                  message={notifications.error.message}
                  onRetry={() => void notifications.refetch()}
                />
              </div>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-600">
                Nothing yet. Watch a card from its analysis, or add cards to your Want to Buy list, and what
                matters to you shows up here.
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((notification) => (
                  <NotificationRow
                    key={notification.id}
                    notification={notification}
                    onOpen={() => {
                      if (!notification.read) markRead.mutate([notification.id]);
                    }}
                  />
                ))}
              </ul>
            )}
            {notifications.hasNextPage ? (
              <div className="border-t border-slate-100 p-2 text-center">
                <Button
                  variant="ghost"
                  disabled={notifications.isFetchingNextPage}
                  onClick={() => void notifications.fetchNextPage()}
                >
                  {notifications.isFetchingNextPage ? 'Loading…' : 'Show older'}
                </Button>
              </div>
            ) : null}
          </div>
          <AlertEmailsSwitch />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  return (
    <li>
      <Popover.Close asChild>
        <Link
          to={notificationLink(notification)}
          onClick={onOpen}
          className="block px-4 py-3 text-sm hover:bg-slate-50 focus-visible:bg-slate-50"
        >
          <span className="flex items-start gap-2">
            {notification.read ? null : (
              <span className="mt-1.5 size-2 shrink-0 rounded-full bg-brand-600" aria-hidden />
            )}
            <span className={notification.read ? 'text-slate-700' : 'font-medium text-slate-900'}>
              {rowText(notification)}
              {notification.read ? null : <span className="sr-only"> (unread)</span>}
            </span>
          </span>
          <time dateTime={notification.createdAt} className="mt-1 block pl-4 text-xs text-slate-600">
            {formatDateTime(notification.createdAt)}
          </time>
        </Link>
      </Popover.Close>
    </li>
  );
}
