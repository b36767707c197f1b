type Listener = () => void;

/**
 * Tells whoever caches sales-derived answers that sales changed (an import, a deletion, a restore), so no
 * cached analysis outlives the data it was computed from.
 */
export class SalesEvents {
  private readonly listeners = new Set<Listener>();

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }
}
