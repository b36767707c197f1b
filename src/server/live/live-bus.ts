/**
 * What changed: pages refetch what they show of the user for a profile, collection or offer event, and the
 * header's bell for a notification event (only its collector hears it). A session-ended event never reaches
 * a page: it ends the open streams of that session.
 */
export const LIVE_EVENT_TYPES = ['profile', 'collection', 'offer', 'notification', 'session-ended'] as const;
type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Something about a user changed; subscribers refetch what they show of that user. */
export interface LiveEvent {
  type: LiveEventType;
  userId: string;
  /** Only these users hear of it (an offer concerns its two parties); absent means everyone. */
  to?: string[];
  /** For session-ended: the session (the SHA-256 of its token) that was revoked. */
  sessionId?: string;
}

export type LiveListener = (event: LiveEvent) => void;

/**
 * Change events for open pages. One interface, two carriers: in-process on SQLite (one server), Postgres
 * LISTEN/NOTIFY on PostgreSQL, so a change made on one instance reaches subscribers on every instance.
 */
export interface LiveBus {
  publish(event: LiveEvent): Promise<void>;
  /** Calls the listener for every event this viewer may see (null: a visitor); returns the unsubscribe. */
  subscribe(listener: LiveListener, viewerId?: string | null): () => void;
  close(): Promise<void>;
}

function isVisibleTo(event: LiveEvent, viewerId: string | null | undefined): boolean {
  return !event.to || (viewerId != null && event.to.includes(viewerId));
}

/** Delivers events to this process's subscribers; both carriers end here. */
export class LocalFanout {
  private readonly subscribers = new Set<{ listener: LiveListener; viewerId: string | null }>();

  subscribe(listener: LiveListener, viewerId: string | null = null): () => void {
    const subscriber = { listener, viewerId };
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  deliver(event: LiveEvent): void {
    for (const { listener, viewerId } of this.subscribers) {
      if (!isVisibleTo(event, viewerId)) continue;
      try {
        listener(event);
      } catch {
        // One broken subscriber (a closed stream) must not keep the event from the others.
      }
    }
  }

  clear(): void {
    this.subscribers.clear();
  }
}

export class InProcessLiveBus implements LiveBus {
  private readonly fanout = new LocalFanout();

  async publish(event: LiveEvent): Promise<void> {
    this.fanout.deliver(event);
  }

  subscribe(listener: LiveListener, viewerId?: string | null): () => void {
    return this.fanout.subscribe(listener, viewerId ?? null);
  }

  async close(): Promise<void> {
    this.fanout.clear();
  }
}
