import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type LiveEventType, staleKeys } from './live-keys.ts';

const EVENT_TYPES: LiveEventType[] = ['profile', 'collection', 'offer', 'notification'];

/** One EventSource per page however many components ask for it; reopened when the signed-in user changes. */
let source: EventSource | null = null;
let sourceViewer: string | null = null;
let users = 0;
let closeTimer: ReturnType<typeof setTimeout> | undefined;

function open(client: QueryClient, viewerId: string | null): EventSource {
  const events = new EventSource('/api/live');
  let connectedBefore = false;
  events.addEventListener('open', () => {
    // Events sent while the connection was down are lost; refetch what they could have changed.
    if (connectedBefore) {
      void client.invalidateQueries({ queryKey: ['users'] });
      void client.invalidateQueries({ queryKey: ['notifications'] });
    }
    connectedBefore = true;
  });
  for (const type of EVENT_TYPES) {
    events.addEventListener(type, (event) => {
      let userId: unknown;
      try {
        userId = (JSON.parse((event as MessageEvent<string>).data) as { userId?: unknown }).userId;
      } catch {
        return;
      }
      if (typeof userId !== 'string') return;
      for (const queryKey of staleKeys(type, userId, viewerId)) void client.invalidateQueries({ queryKey });
    });
  }
  return events;
}

function acquire(client: QueryClient, viewerId: string | null): () => void {
  clearTimeout(closeTimer);
  users += 1;
  if (!source || sourceViewer !== viewerId) {
    source?.close();
    source = open(client, viewerId);
    sourceViewer = viewerId;
  }
  return () => {
    users -= 1;
    // A remount (React's strict mode, a page change) picks the same connection up again.
    closeTimer = setTimeout(() => {
      if (users > 0) return;
      source?.close();
      source = null;
    }, 1000);
  };
}

/**
 * Keeps what this page shows current (docs/product.md §4): Server-Sent Events from /api/live mark the affected
 * queries stale, so a new avatar or a changed list shows in every open tab without a reload.
 */
export function useLiveUpdates(viewerId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    return acquire(client, viewerId);
  }, [client, viewerId]);
}
