import type { Kysely } from 'kysely';
import type { Card } from '#shared/catalogue.ts';
import { ConcurrencyLimit } from '../../concurrency-limit.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { MemoryCardCache } from '../../memory-card-cache.ts';
import * as repo from './card-sales.repository.ts';
import { type CardSales, cardSalesBytes } from './card-sales.ts';
import { applySalesChanges, type SaleChange } from './card-sales-changes.ts';
import { ColumnSpace } from './column-space.ts';

/** A card as the store knows it: its catalogue id, and the set and name its sales are stored under. */
export type CardRef = Pick<Card, 'cardId' | 'setId' | 'searchName'>;

/** A card with 50,000 sales takes about 900 KB of columns; this keeps the few hundred busiest cards. */
const CARD_SALES_MAX_BYTES = 128 * 1024 * 1024;

/**
 * A card's columns stay this long after they were last brought up to date, well within the change log's
 * retention (SALES_CHANGES_RETENTION_MS), so the entries a held card still needs are always there.
 */
const CARD_SALES_TTL_MS = 60 * 60_000;

/**
 * Cards read whole at once. Valuing a collection from nothing asks for hundreds of cards together; a whole
 * read of a large card holds a pooled connection for a long time, so without a bound they would take all of
 * PostgreSQL's pool (10) and wait in its queue past its connection timeout, while other requests starve.
 */
const WHOLE_READS_AT_ONCE = 4;

/** Below this many sales a card's changes are always applied, even when they outnumber its sales. */
const MIN_CHANGES_APPLIED = 1000;

type HeldCard = repo.CardSalesAt;

/**
 * A writer's own entries of the change log for one card, known without reading them: the sales it stored
 * in its transaction, whose entries are `first` to `last` of the log, which hold its entries only
 * (NewSalesFlagging checks that).
 */
export interface OwnChanges {
  changes: readonly SaleChange[];
  first: number;
  last: number;
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
 * A card is read whole when it is not held, when the log has more changes for it than it has sales, when
 * an entry says every card changed (a bulk load), or when the log and the columns disagree.
 */
export class CardSalesStore {
  readonly reads: CardSalesReads = { wholeCards: 0, saleRows: 0, changeRows: 0 };
  private readonly cards = new MemoryCardCache<HeldCard>({
    sizeOf: (held) => cardSalesBytes(held.sales),
    maxBytes: CARD_SALES_MAX_BYTES,
    ttlMs: CARD_SALES_TTL_MS,
  });
  private readonly running = new Map<string, Promise<CardSales>>();
  private readonly wholeReads = new ConcurrencyLimit(WHOLE_READS_AT_ONCE);
  /** Bumped when sales change, so a request after a change never joins a look at the log begun before it. */
  private changes = 0;
  /** The space of replaced columns, for the next versions (docs/decisions/029-recycled-column-space.md). */
  private readonly space = new ColumnSpace();
  /**
   * How many looks at the log are under way from each held version: each reads it again when its entries
   * arrive, so a version replaced meanwhile gives its space back only after the last of them.
   */
  private readonly catchingUp = new Map<CardSales, number>();
  private readonly retireAfterCatchUp = new Set<CardSales>();

  /** How many versions of a card's columns were made in the space of replaced ones. */
  get recycledColumns(): number {
    return this.space.reused;
  }

  /** Sales changed somewhere: the next look at the log must start after this moment. */
  salesChanged(): void {
    this.changes++;
  }

  /** Drops every card (tests, and the benchmark's measure of reading a card whole). */
  clear(): void {
    this.cards.clear();
    this.changes++;
  }

  salesOf(database: DatabaseHandle, card: CardRef): Promise<CardSales> {
    const key = `${this.changes}|${card.cardId}`;
    const pending = this.running.get(key);
    if (pending) return pending;
    const promise = this.upToDate(database, card).finally(() => this.running.delete(key));
    this.running.set(key, promise);
    return promise;
  }

  /**
   * The cards' columns as a writer's transaction sees them, its own uncommitted sales included, read
   * through that transaction and not kept: the caller hands them to `keep` once the transaction has
   * committed. `whole` reads the cards whole, for a writer that stores sales without logging them; `own`
   * gives each card's own entries of the log of the writer, applied as given instead of read back. The
   * columns are the writer's own, never the held ones: it reads them across its transaction's awaits.
   */
  async salesWithin(
    database: DatabaseHandle,
    transaction: Kysely<Database>,
    cards: readonly CardRef[],
    options: { whole?: boolean; own?: (card: CardRef) => OwnChanges | undefined } = {},
  ): Promise<repo.CardSalesAt[]> {
    const held = cards.flatMap((card) => {
      const columns = options.whole ? undefined : this.cards.get(card.cardId);
      return columns ? [{ card, held: columns, own: options.own?.(card) }] : [];
    });
    // Held columns that needed no change are copied before anything else is awaited: once the look at the
    // log has ended, an answer may replace them and their space be used again.
    const caughtUp = new Map<CardRef, repo.CardSalesAt>();
    (await this.catchUp(database, transaction, held)).forEach((columns, at) => {
      if (!columns) return;
      const own =
        columns === held[at]!.held
          ? { sales: applySalesChanges(columns.sales, [], this.space)!, seq: columns.seq }
          : columns;
      caughtUp.set(held[at]!.card, own);
    });
    const answers: repo.CardSalesAt[] = [];
    for (const card of cards) {
      answers.push(
        caughtUp.get(card) ?? (await repo.cardSales(database, transaction, card.setId, card.searchName)),
      );
    }
    return answers;
  }

  /**
   * Keeps columns read within a transaction that has committed, unless the store holds newer ones; the
   * writer no longer reads them.
   */
  keep(card: CardRef, at: repo.CardSalesAt): void {
    if (!this.replace(card, at)) this.retire(at.sales);
  }

  /**
   * Holds the card's new columns unless it holds newer ones, and gives back the space of the ones they
   * replace; false when `next` was not kept.
   */
  private replace(card: CardRef, next: HeldCard): boolean {
    const held = this.cards.get(card.cardId);
    if (held?.sales === next.sales) return true;
    if (held && held.seq > next.seq) return false;
    this.cards.set(card.cardId, next);
    if (held) this.retire(held.sales);
    return true;
  }

  private retire(sales: CardSales): void {
    if (this.catchingUp.has(sales)) this.retireAfterCatchUp.add(sales);
    else this.space.retire(sales);
  }

  /**
   * Each held card's columns with the log's entries since, or undefined where the card must be read whole,
   * all cards' entries in one look (cardsChangesSince). A held version keeps its space until the entries are
   * applied to it: it may be replaced while they are read.
   */
  private async catchUp(
    database: DatabaseHandle,
    db: Kysely<Database>,
    cards: readonly { card: CardRef; held: HeldCard; own?: OwnChanges | undefined }[],
  ): Promise<(repo.CardSalesAt | undefined)[]> {
    for (const { held } of cards) this.catchingUp.set(held.sales, (this.catchingUp.get(held.sales) ?? 0) + 1);
    try {
      // The writer's own entries need not be read when the held columns predate all of them.
      const known = cards.map(({ held, own }) => (own && held.seq < own.first ? own : undefined));
      const since = await repo.cardsChangesSince(
        db,
        database.dialect,
        cards.map(({ card, held }, at) => ({
          setId: card.setId,
          cardName: card.searchName,
          seq: held.seq,
          limit: Math.max(MIN_CHANGES_APPLIED, held.sales.prices.length),
          before: known[at]?.first ?? Number.MAX_SAFE_INTEGER,
        })),
      );
      return cards.map(({ held }, at) => {
        const { changes: read, seq, tooMany } = since[at]!;
        this.reads.changeRows += read.length;
        if (tooMany) return undefined;
        const own = known[at];
        const changes = own ? [...read, ...own.changes] : read;
        if (changes.length === 0) return held;
        const sales = applySalesChanges(held.sales, changes, this.space);
        return sales && { sales, seq: own ? own.last : seq };
      });
    } finally {
      for (const { held } of cards) {
        const left = this.catchingUp.get(held.sales)! - 1;
        if (left > 0) this.catchingUp.set(held.sales, left);
        else {
          this.catchingUp.delete(held.sales);
          if (this.retireAfterCatchUp.delete(held.sales)) this.space.retire(held.sales);
        }
      }
    }
  }

  private async upToDate(database: DatabaseHandle, card: CardRef): Promise<CardSales> {
    const held = this.cards.get(card.cardId);
    const [caughtUp] = held ? await this.catchUp(database, database.read, [{ card, held }]) : [];
    if (caughtUp) {
      this.replace(card, caughtUp);
      return caughtUp.sales;
    }
    const whole = await this.wholeReads.run(() =>
      repo.cardSales(database, database.read, card.setId, card.searchName),
    );
    this.reads.wholeCards++;
    this.reads.saleRows += whole.sales.prices.length;
    this.replace(card, whole);
    return whole.sales;
  }
}

const stores = new WeakMap<DatabaseHandle, CardSalesStore>();

/**
 * The store of a database: one per handle, shared by the answers that read the columns and the writers that
 * flag new sales from them (and hand back what they read), so a card is read whole once per process.
 */
export function cardSalesStoreOf(database: DatabaseHandle): CardSalesStore {
  let store = stores.get(database);
  if (!store) {
    store = new CardSalesStore();
    stores.set(database, store);
  }
  return store;
}
