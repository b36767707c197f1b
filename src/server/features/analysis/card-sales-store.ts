import type { Card } from '#shared/catalogue.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import * as repo from './analysis.repository.ts';
import { MemoryAnalysisCache } from './analysis-cache.ts';
import { type CardSales, cardSalesBytes } from './card-sales.ts';
import { applySalesChanges } from './card-sales-changes.ts';

/** A card with 50,000 sales takes about 900 KB of columns; this keeps the few hundred busiest cards. */
const CARD_SALES_MAX_BYTES = 128 * 1024 * 1024;

/**
 * A card's columns stay this long after they were last brought up to date, well within the change log's
 * retention (SALES_CHANGES_RETENTION_MS), so the entries a held card still needs are always there.
 */
const CARD_SALES_TTL_MS = 60 * 60_000;

/** Below this many sales a card's changes are always applied, even when they outnumber its sales. */
const MIN_CHANGES_APPLIED = 1000;

interface HeldCard {
  sales: CardSales;
  /** The last change-log entry the columns include. */
  seq: number;
}

/** What the store has read from the database, for tests and the benchmark. */
export interface CardSalesReads {
  /** Cards read whole. */
  wholeCards: number;
  /** Sales rows those reads handed over. */
  saleRows: number;
  /** Change-log entries read to bring held cards up to date. */
  changeRows: number;
}

/**
 * Every sale of a card as columns (decision 010), read whole once and then kept up to date from the sales
 * change log (decision 025): each time a computation needs a card, the log's entries for it since the
 * columns were last brought up to date (usually none) are read and applied. So every instance answers
 * from the sales as committed, whichever instance or tool changed them, without reading the card again.
 * A card is read whole when it is not held, when the log has more entries for it than it has sales, when
 * an entry says every card changed (a bulk load), or when the log and the columns disagree.
 */
export class CardSalesStore {
  readonly reads: CardSalesReads = { wholeCards: 0, saleRows: 0, changeRows: 0 };
  private readonly cards = new MemoryAnalysisCache<HeldCard>({
    sizeOf: (held) => cardSalesBytes(held.sales),
    maxBytes: CARD_SALES_MAX_BYTES,
    ttlMs: CARD_SALES_TTL_MS,
  });
  private readonly running = new Map<string, Promise<CardSales>>();
  /** Bumped when sales change, so a request after a change never joins a look at the log begun before it. */
  private changes = 0;

  /** Sales changed somewhere: the next look at the log must start after this moment. */
  salesChanged(): void {
    this.changes++;
  }

  /** Drops every card (tests, and the benchmark's measure of reading a card whole). */
  clear(): void {
    this.cards.clear();
    this.changes++;
  }

  salesOf(database: DatabaseHandle, card: Card): Promise<CardSales> {
    const key = `${this.changes}|${card.cardId}`;
    const pending = this.running.get(key);
    if (pending) return pending;
    const promise = this.upToDate(database, card).finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  private async upToDate(database: DatabaseHandle, card: Card): Promise<CardSales> {
    const held = this.cards.get(card.cardId);
    if (held) {
      const limit = Math.max(MIN_CHANGES_APPLIED, held.sales.prices.length);
      const since = await repo.cardChangesSince(database, card.setId, card.searchName, held.seq, limit);
      this.reads.changeRows += since.changes.length;
      const sales = since.tooMany
        ? undefined
        : since.changes.length === 0
          ? held.sales
          : applySalesChanges(held.sales, since.changes);
      if (sales) {
        this.cards.set(card.cardId, { sales, seq: since.seq });
        return sales;
      }
    }
    const whole = await repo.cardSales(database, card.setId, card.searchName);
    this.reads.wholeCards++;
    this.reads.saleRows += whole.sales.prices.length;
    this.cards.set(card.cardId, whole);
    return whole.sales;
  }
}
