import type { Kysely } from 'kysely';
import type { SetId } from '#shared/sets.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { takeTurnWhenBusy } from '../../event-loop-turns.ts';
import type { CardSalesAt } from '../columns/card-sales.repository.ts';
import type { CardSales } from '../columns/card-sales.ts';
import { type CardRef, cardSalesStoreOf } from '../columns/card-sales-store.ts';
import type { StoredSales } from '../sale-record.ts';
import { flagCertRepeats, sameDayDuplicateFlags } from './duplicate-flags.ts';
import { outlierFlagsOfCards, type StoredOutlierFlag, salesAtInstants } from './flag-lookups.repository.ts';
import { ownFlagsOf } from './flag-rules.ts';
import { type CardRange, cohortKey, iso } from './new-sales-range.ts';
import {
  type CardFindings,
  judgeCards,
  type OutlierHelper,
  valuesKey,
  WINDOW_MS,
} from './outlier-judging.ts';
import * as repo from './sale-flags.repository.ts';

/** Sales noted between looks at the clock (takeTurnWhenBusy). */
const SALES_PER_TURN_CHECK = 1000;

/** The entries of the change log that the writer's new sales got, when it logged each of them itself. */
interface OwnLog {
  first: number;
  last: number;
  count: number;
}

/**
 * Flags the sales a writer stores, in the transaction that stores them (docs/product.md §11): the writer
 * notes each stored batch, and `apply` runs before the commit, so whoever reads `excluded` after the commit
 * sees the flags. Flags of a sale's own record are known at once; outliers and duplicates are computed
 * once per card for all the batches of the transaction, over the time the new sales span, and the outlier
 * flags of the card's earlier and later sales within reach of them are computed again, since a new sale
 * changes their cohort's median.
 *
 * The card's sales are judged from its columns (decision 027): the card sales store's copy brought up to
 * date through the writer's transaction from the change log, so a card is not read again for every
 * transaction. When the writer knows its new sales' entries (SQLite's writer logs them itself; on
 * PostgreSQL it counts the trigger's), they are not read back: only the entries before them are. All the
 * cards of the transaction are brought up to date, looked up and written together (decision 032). Only
 * the sales whose flags change are looked up by their values for their ids. Once the writer has
 * committed, `committed` hands the columns back to the store.
 */
export class NewSalesFlagging {
  /**
   * `unlogged`: the writer stores sales without the change log (a bulk load), so each card is read whole
   * and its columns are not kept. `helper` lends another thread to judge outliers (judgeCards).
   */
  constructor(
    private readonly database: DatabaseHandle,
    private readonly unlogged = false,
    private readonly helper?: () => OutlierHelper | undefined,
  ) {}

  private recordFlags: repo.NewFlag[] = [];
  private cards = new Map<string, CardRange>();
  private certs: string[] = [];
  private read: { card: CardRef; at: CardSalesAt }[] = [];
  private ownLog: OwnLog | undefined;
  /** False once a noted write comes without its entries (not logged, or not known to the writer). */
  private ownLogComplete = true;

  /**
   * Notes a write's stored sales. A write on PostgreSQL stores thousands at once, so the clock is looked at
   * (takeTurnWhenBusy) every SALES_PER_TURN_CHECK of them.
   */
  async note({ sales, log }: StoredSales): Promise<void> {
    if (sales.length > 0) this.noteLogEntries(log);
    for (const [index, { id, record }] of sales.entries()) {
      if (index % SALES_PER_TURN_CHECK === 0) await takeTurnWhenBusy();
      const soldAt = Date.parse(record.sold_at);
      let range = this.cards.get(record.card_id);
      if (range) {
        if (soldAt < range.from) range.from = soldAt;
        if (soldAt > range.to) range.to = soldAt;
      } else {
        range = {
          card: { cardId: record.card_id, setId: record.set_id as SetId, searchName: record.card_name },
          from: soldAt,
          to: soldAt,
          cohorts: new Set(),
          logged: [],
        };
        this.cards.set(record.card_id, range);
      }
      range.cohorts.add(cohortKey(record.grading_company ?? null, record.grade ?? null));
      const flags = ownFlagsOf(record);
      range.logged.push({
        change: 1,
        price: record.price_cents,
        soldAt,
        grader: record.grading_company ?? null,
        grade: record.grade ?? null,
        excluded: flags.length > 0 ? 1 : 0,
      });
      if (record.cert_number) this.certs.push(record.cert_number);
      for (const flag of flags) {
        this.recordFlags.push({
          saleId: id,
          ...flag,
          setId: record.set_id,
          cardName: record.card_name,
          soldAt: record.sold_at,
        });
      }
    }
  }

  private noteLogEntries(log: StoredSales['log']): void {
    if (!log) this.ownLogComplete = false;
    else if (!this.ownLog) this.ownLog = { ...log, count: log.last - log.first + 1 };
    else {
      this.ownLog.first = Math.min(this.ownLog.first, log.first);
      this.ownLog.last = Math.max(this.ownLog.last, log.last);
      this.ownLog.count += log.last - log.first + 1;
    }
  }

  /**
   * The writer's own entries of the log, when every noted write's are known and together they fill `first`
   * to `last` without a gap: then no other entry lies among them.
   */
  private takeOwnLog(): OwnLog | undefined {
    const own = this.ownLogComplete ? this.ownLog : undefined;
    this.ownLog = undefined;
    this.ownLogComplete = true;
    return own && own.last - own.first + 1 === own.count ? own : undefined;
  }

  /** Forgets what was noted and read, when the writer rolls the sales back. */
  forget(): void {
    this.recordFlags = [];
    this.cards = new Map();
    this.certs = [];
    this.read = [];
    this.ownLog = undefined;
    this.ownLogComplete = true;
  }

  /** Stores the flags of everything noted since the last call, on the writer's transaction. */
  async apply(executor: Kysely<Database>): Promise<void> {
    const { recordFlags: flags, cards, certs } = this;
    this.recordFlags = [];
    this.cards = new Map();
    this.certs = [];
    const own = this.takeOwnLog();
    if (cards.size === 0) return;
    const store = cardSalesStoreOf(this.database);
    const ranges = [...cards.values()];
    const columns = await store.salesWithin(
      this.database,
      executor,
      ranges.map((range) => range.card),
      {
        whole: this.unlogged,
        own: (card) => own && { changes: cards.get(card.cardId)!.logged, first: own.first, last: own.last },
      },
    );
    if (!this.unlogged) {
      for (const [at, range] of ranges.entries()) this.read.push({ card: range.card, at: columns[at]! });
    }
    // A helper thread starts on the outliers at once (judgeCards). What needs no judging goes to the
    // database first: the flags stored already and the same-day duplicates are looked up, and the flags of
    // the new sales' own records and certificates stored, while this thread judges the outliers too. The
    // statements queue on the transaction's connection, and the judging lets them go on between cards. The
    // sales with flags of their own record were stored excluded already (sales-write.repository.ts).
    const judging = judgeCards(ranges, columns, this.helper);
    const dialect = this.database.dialect;
    const lookedUp = Promise.all([
      outlierFlagsOfCards(executor, dialect, ranges.map(outlierReach)),
      sameDayDuplicateFlags(
        executor,
        dialect,
        ranges.map((range, at) => ({ range, sales: columns[at]!.sales })),
      ),
    ]);
    const [, certRepeats, , outliersAndDuplicates] = await Promise.all([
      repo.insertFlags(executor, flags, this.database.sqlite),
      certs.length > 0 ? flagCertRepeats(executor, this.database, certs) : [],
      lookedUp,
      judging.then(async (judged) => {
        const [stored, duplicates] = await lookedUp;
        return flagCards(executor, this.database, judged, stored, duplicates);
      }),
    ]);
    const changed = new Set([...outliersAndDuplicates, ...certRepeats]);
    if (changed.size > 0) await repo.refreshExcluded(executor, changed);
  }

  /** The writer's transaction has committed: the columns read within it are the cards as committed. */
  committed(): void {
    const store = cardSalesStoreOf(this.database);
    for (const { card, at } of this.read) store.keep(card, at);
    this.read = [];
  }
}

/** A card of the transaction, its columns, and what the outlier check finds among them now. */
type JudgedCard = CardFindings & { range: CardRange; sales: CardSales };

/** A sale's values as valuesKey has them, from a row of the database. */
function keyOf(sale: {
  sold_at: string;
  price_cents: number;
  grading_company: string | null;
  grade: number | null;
}): string {
  return valuesKey(Date.parse(sale.sold_at), sale.price_cents, cohortKey(sale.grading_company, sale.grade));
}

/** Where a card's outlier flags may change: the new sales' time, and a window either side. */
function outlierReach(range: CardRange) {
  return {
    setId: range.card.setId,
    cardName: range.card.searchName,
    from: iso(range.from - WINDOW_MS),
    to: iso(range.to + WINDOW_MS),
  };
}

/**
 * The outlier flags of the new sales' cohorts, and the same-day duplicate flags around the new sales, for
 * every card of the transaction at once, so each step is one look-up or one write for all the cards (on
 * PostgreSQL a statement per card cost more in round trips than in work); answers the sales whose flags
 * changed. `stored` holds each card's outlier flags within its reach (outlierReach), and `duplicates` the
 * same-day duplicates found (sameDayDuplicateFlags).
 */
async function flagCards(
  executor: Kysely<Database>,
  database: DatabaseHandle,
  cards: readonly JudgedCard[],
  stored: readonly StoredOutlierFlag[][],
  duplicates: readonly repo.NewFlag[],
): Promise<string[]> {
  const stale: StoredOutlierFlag[] = [];
  const reasons: { saleId: string; code: string; reason: string }[] = [];
  const lookUps = cards.map(({ range, outliers, flaggedSales }, at) => {
    const existing = stored[at]!.filter((flag) =>
      range.cohorts.has(cohortKey(flag.grading_company, flag.grade)),
    );
    // Each stored flag with the key of its sale's values and what the check finds for those values now.
    const judged = existing.map((flag) => {
      const key = keyOf(flag);
      return { flag, key, found: outliers.get(key) };
    });
    for (const { flag, found } of judged) {
      if (flag.status !== 'open') continue;
      if (found?.code !== flag.code) stale.push(flag);
      // An open flag that still holds takes the figures of its cohort as it is now.
      else if (found.reason !== flag.reason)
        reasons.push({ saleId: flag.sale_id, code: flag.code, reason: found.reason });
    }
    // Sales that already carry their flag (or a decision) need no look-up; most flagged sales do.
    const settled = new Map<string, Set<string>>();
    for (const { flag, key, found } of judged) {
      if (flag.status === 'open' && found?.code !== flag.code) continue;
      const ids = settled.get(key) ?? new Set<string>();
      ids.add(flag.sale_id);
      settled.set(key, ids);
    }
    const wanted = new Set(
      [...flaggedSales].filter(([key, count]) => (settled.get(key)?.size ?? 0) < count).map(([key]) => key),
    );
    return {
      setId: range.card.setId,
      cardName: range.card.searchName,
      instants: [...wanted].map((key) => iso(Number(key.slice(0, key.indexOf('|'))))),
      wanted,
      outliers,
      // A sale whose outlier flag an admin decided keeps that decision rather than gaining the opposite flag.
      decided: new Set(existing.filter((flag) => flag.status !== 'open').map((flag) => flag.sale_id)),
    };
  });
  await repo.dropOpenFlags(
    executor,
    database.dialect,
    stale.map((flag) => ({ saleId: flag.sale_id, code: flag.code })),
  );
  await repo.updateReasons(executor, database.dialect, reasons);
  const asked = lookUps.filter((lookUp) => lookUp.instants.length > 0);
  const found = await salesAtInstants(executor, database.dialect, asked);
  const newOutliers: repo.NewFlag[] = [];
  asked.forEach(({ setId, cardName, wanted, decided, outliers }, at) => {
    for (const sale of found[at]!) {
      const key = keyOf(sale);
      if (!wanted.has(key) || decided.has(sale.id)) continue;
      newOutliers.push({ saleId: sale.id, ...outliers.get(key)!, setId, cardName, soldAt: sale.sold_at });
    }
  });
  const added = await repo.insertFlags(executor, newOutliers, database.sqlite);
  const addedDuplicates = await repo.insertFlags(executor, duplicates, database.sqlite);
  return [...stale.map((flag) => flag.sale_id), ...added, ...addedDuplicates];
}
