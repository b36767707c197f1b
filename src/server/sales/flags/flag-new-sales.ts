import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { StoredSale } from '../sales-write.repository.ts';
import {
  type CohortSale,
  certRepeats,
  type DuplicateCandidate,
  type Flag,
  OUTLIER_WINDOW_DAYS,
  outlierFlags,
  recordFlags,
  sameDayDuplicates,
} from './flag-rules.ts';
import * as repo from './sale-flags.repository.ts';

const DAY_MS = 86_400_000;
const WINDOW_MS = OUTLIER_WINDOW_DAYS * DAY_MS;

interface CardRange {
  setId: string;
  cardName: string;
  from: number;
  to: number;
  /** The new sales of the card: a duplicate pair of two older sales was judged when the later arrived. */
  newIds: Set<string>;
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Flags the sales a writer stores, in the transaction that stores them (docs/product.md §11): the writer
 * notes each stored batch, and `apply` runs before the commit, so whoever reads `excluded` after the commit
 * sees the flags. Flags of a sale's own record are known at once; outliers and duplicates are computed
 * once per card for all the batches of the transaction, over the time the new sales span, and the outlier
 * flags of the card's earlier and later sales within reach of them are computed again, since a new sale
 * changes their cohort's median.
 */
export class NewSalesFlagging {
  constructor(private readonly database: DatabaseHandle) {}

  private recordFlags: repo.NewFlag[] = [];
  private cards = new Map<string, CardRange>();
  private certs: string[] = [];

  note(stored: readonly StoredSale[]): void {
    for (const { id, record } of stored) {
      const soldAt = Date.parse(record.sold_at);
      const key = `${record.set_id}\u0000${record.card_name}`;
      const range = this.cards.get(key);
      if (range) {
        if (soldAt < range.from) range.from = soldAt;
        if (soldAt > range.to) range.to = soldAt;
        range.newIds.add(id);
      } else {
        this.cards.set(key, {
          setId: record.set_id,
          cardName: record.card_name,
          from: soldAt,
          to: soldAt,
          newIds: new Set([id]),
        });
      }
      if (record.cert_number) this.certs.push(record.cert_number);
      if (!record.title && record.sale_type !== 'best_offer') continue;
      const facts = {
        setId: record.set_id,
        cardId: record.card_id,
        title: record.title,
        saleType: record.sale_type,
        bestOfferAccepted: record.best_offer_accepted,
      };
      for (const flag of recordFlags(facts)) {
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

  /** Forgets what was noted, when the writer rolls the sales back. */
  forget(): void {
    this.recordFlags = [];
    this.cards = new Map();
    this.certs = [];
  }

  /** Stores the flags of everything noted since the last call, on the writer's transaction. */
  async apply(executor: Kysely<Database>): Promise<void> {
    const { recordFlags: flags, cards, certs } = this;
    this.forget();
    if (cards.size === 0) return;
    const changed = new Set(await repo.insertFlags(executor, flags));
    for (const card of cards.values()) {
      for (const id of await flagCard(this.database, executor, card)) changed.add(id);
    }
    if (certs.length > 0) for (const id of await flagCertRepeats(executor, certs)) changed.add(id);
    if (changed.size > 0) await repo.refreshExcluded(executor, changed);
  }
}

function toFlags(
  found: Map<string, Flag>,
  rows: readonly repo.CardSaleRow[],
  card: CardRange,
): repo.NewFlag[] {
  if (found.size === 0) return [];
  const soldMs = new Map<string, number>();
  for (const row of rows) if (found.has(row[0])) soldMs.set(row[0], row[1]);
  return [...found].map(([saleId, flag]) => ({
    saleId,
    ...flag,
    setId: card.setId,
    cardName: card.cardName,
    soldAt: iso(soldMs.get(saleId)!),
  }));
}

interface Cohort {
  grader: string | null;
  grade: number | null;
  sales: CohortSale[];
}

/** The card's sales by grader and grade, each cohort oldest first. */
function cohortsOf(rows: readonly repo.CardSaleRow[]): Cohort[] {
  const byGrader = new Map<string | null, Map<number | null, Cohort>>();
  const cohorts: Cohort[] = [];
  for (const [id, soldAt, priceCents, grader, grade] of rows) {
    let grades = byGrader.get(grader);
    if (!grades) {
      grades = new Map();
      byGrader.set(grader, grades);
    }
    let cohort = grades.get(grade);
    if (!cohort) {
      cohort = { grader, grade, sales: [] };
      grades.set(grade, cohort);
      cohorts.push(cohort);
    }
    cohort.sales.push({ id, soldAt, priceCents });
  }
  return cohorts;
}

/** The card's outlier and same-day duplicate flags around its new sales; answers the sales whose flags changed. */
async function flagCard(
  database: DatabaseHandle,
  executor: Kysely<Database>,
  card: CardRange,
): Promise<string[]> {
  const rows = await repo.cardSalesBetween(
    database,
    executor,
    card.setId,
    card.cardName,
    iso(card.from - 2 * WINDOW_MS),
    iso(card.to + 2 * WINDOW_MS),
  );
  const cohorts = cohortsOf(rows);
  const outliers = new Map<string, Flag>();
  const candidates: { sale: CohortSale; grader: string | null; grade: number | null }[] = [];
  for (const cohort of cohorts) {
    const found = outlierFlags(
      cohort.sales,
      cohort.grader,
      cohort.grade,
      card.from - WINDOW_MS,
      card.to + WINDOW_MS,
    );
    for (const [id, flag] of found) outliers.set(id, flag);
    for (const sale of sameDaySamePrice(cohort.sales, card))
      candidates.push({ sale, grader: cohort.grader, grade: cohort.grade });
  }
  const existing = await repo.outlierFlagsBetween(
    executor,
    card.setId,
    card.cardName,
    iso(card.from - WINDOW_MS),
    iso(card.to + WINDOW_MS),
  );
  const stale = existing.filter(
    (flag) => flag.status === 'open' && outliers.get(flag.sale_id)?.code !== flag.code,
  );
  await repo.dropOpenFlags(
    executor,
    stale.map((flag) => ({ saleId: flag.sale_id, code: flag.code })),
  );
  // A sale whose outlier flag an admin decided keeps that decision rather than gaining the opposite flag.
  const decided = new Set(existing.filter((flag) => flag.status !== 'open').map((flag) => flag.sale_id));
  for (const id of decided) outliers.delete(id);
  const added = await repo.insertFlags(executor, toFlags(outliers, rows, card));
  const duplicates = await sameDayDuplicateFlags(executor, candidates);
  const addedDuplicates = await repo.insertFlags(executor, toFlags(duplicates, rows, card));
  return [...stale.map((flag) => flag.sale_id), ...added, ...addedDuplicates];
}

/**
 * The cohort's sales near the new ones that share their UTC day and price with another, a new one among
 * them: the only ones that can be new same-day duplicates, so only they are looked up for their seller.
 */
function sameDaySamePrice(sales: readonly CohortSale[], card: CardRange): CohortSale[] {
  const groups = new Map<number, CohortSale[]>();
  for (const sale of sales) {
    if (sale.soldAt < card.from - 2 * DAY_MS || sale.soldAt > card.to + 2 * DAY_MS) continue;
    // Price and day in one number: prices stay below 1e9 cents and days below 1e5, well within 2^53.
    const key = sale.priceCents * 100_000 + Math.floor(sale.soldAt / DAY_MS);
    const group = groups.get(key);
    if (group) group.push(sale);
    else groups.set(key, [sale]);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1 && group.some((sale) => card.newIds.has(sale.id)))
    .flat();
}

/** Same-day duplicates among the candidates, compared by seller and sale day as stored. */
async function sameDayDuplicateFlags(
  executor: Kysely<Database>,
  candidates: readonly { sale: CohortSale; grader: string | null; grade: number | null }[],
): Promise<Map<string, Flag>> {
  if (candidates.length === 0) return new Map();
  const details = await repo.sellersAndDays(
    executor,
    candidates.map(({ sale }) => sale.id),
  );
  const sales: DuplicateCandidate[] = candidates.map(({ sale, grader, grade }) => ({
    id: sale.id,
    soldAt: sale.soldAt,
    soldOn: details.get(sale.id)!.soldOn,
    seller: details.get(sale.id)!.seller,
    priceCents: sale.priceCents,
    grader,
    grade,
  }));
  return sameDayDuplicates(sales);
}

/** The certificates of the new sales sold again at the same price within the repeat window. */
async function flagCertRepeats(executor: Kysely<Database>, certs: readonly string[]): Promise<string[]> {
  const rows = await repo.salesOfCerts(executor, certs);
  const found = certRepeats(
    rows.map((row) => ({
      id: row.id,
      certNumber: row.cert_number!,
      grader: row.grading_company,
      soldAt: Date.parse(row.sold_at),
      priceCents: Number(row.price_cents),
    })),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return repo.insertFlags(
    executor,
    [...found].map(([saleId, flag]) => {
      const row = byId.get(saleId)!;
      return { saleId, ...flag, setId: row.set_id, cardName: row.card_name, soldAt: row.sold_at };
    }),
  );
}
