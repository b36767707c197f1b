/** The catalogue ids of the cards whose sales changed, or undefined when any card's may have. */
export type ChangedCards = readonly string[] | undefined;

type Listener = (cards: ChangedCards) => void;

/** Carries "sales changed" to the other app instances on the same database. */
export interface SalesChangeCarrier {
  announce(cards: ChangedCards): void;
  close(): Promise<void>;
}

/**
 * Tells whoever caches sales-derived answers that sales changed (an import, a deletion, a restore), so no
 * cached analysis outlives the data it was computed from — on this instance at once, and on every other
 * instance as soon as the carrier brings the announcement.
 */
export class SalesEvents {
  private readonly listeners = new Set<Listener>();
  private carrier: SalesChangeCarrier | undefined;

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Sales changed through this instance (call it after the change is committed): of the given cards, or of
   * any card when none are given. Naming the cards lets caches of other cards' figures stay.
   */
  changed(cards?: ChangedCards): void {
    this.notifyListeners(cards);
    this.carrier?.announce(cards);
  }

  /** Sales changed through another instance, or announcements may have been missed (cards undefined). */
  changedElsewhere(cards?: ChangedCards): void {
    this.notifyListeners(cards);
  }

  attachCarrier(carrier: SalesChangeCarrier): void {
    this.carrier = carrier;
  }

  async close(): Promise<void> {
    const carrier = this.carrier;
    this.carrier = undefined;
    await carrier?.close();
  }

  private notifyListeners(cards: ChangedCards): void {
    for (const listener of this.listeners) listener(cards);
  }
}
