import type { QueryKey } from '@tanstack/react-query';

export type LiveEventType = 'profile' | 'collection' | 'offer' | 'notification';

/**
 * Which cached queries an event makes stale. Everything about a user is cached under ['users', id, …]
 * (profile, lists), collector searches under ['collectors', …], offers under ['offers', …] and the bell's list
 * under ['notifications', …] (a notification event reaches only its collector, and refreshes the unread
 * highlights of the offer inbox, ['offers', 'inbox']); the session
 * joins in when the change is the signed-in user's own profile (the header shows their avatar).
 */
export function staleKeys(type: LiveEventType, userId: string, viewerId: string | null): QueryKey[] {
  switch (type) {
    case 'profile':
      return userId === viewerId
        ? [['users', userId], ['session'], ['collectors']]
        : [['users', userId], ['collectors']];
    case 'collection':
      return [['users', userId], ['collectors']];
    case 'offer':
      return [['offers'], ['users', userId]];
    case 'notification':
      // News about an offer also lights up its row in the inbox.
      return [['notifications'], ['offers', 'inbox']];
  }
}
