import type { Kysely } from 'kysely';
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
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Flags the sales a writer stores, in the transaction that stores them (docs/product.md §10): the writer
 * notes each stored batch, and `apply` runs before the commit, so whoever reads `excluded` after the commit
 * sees the flags. Flags of a sale's own record are known at once; outliers and duplicates are computed
 * once per card for all the batches of the transaction, over the time the new sales span, and the outlier
 * flags of the card's earlier and later sales within reach of them are computed again, since a new sale
 * changes their cohort's median.
 */
export class NewSalesFlagging {
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
      } else {
        this.cards.set(key, { setId: record.set_id, cardName: record.card_name, from: soldAt, to: soldAt });
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
      for (const id of await flagCard(executor, card)) changed.add(id);
    }
    if (certs.length > 0) for (const id of await flagCertRepeats(executor, certs)) changed.add(id);
    if (changed.size > 0) await repo.refreshExcluded(executor, changed);
  }
}

function toFlags(
  found: Map<string, Flag>,
  rows: Map<string, repo.CardSaleRow>,
  card: CardRange,
): repo.NewFlag[] {
  return [...found].map(([saleId, flag]) => ({
    saleId,
    ...flag,
    setId: card.setId,
    cardName: card.cardName,
    soldAt: rows.get(saleId)!.sold_at,
  }));
}

/** The card's outlier and same-day duplicate flags around its new sales; answers the sales whose flags changed. */
async function flagCard(executor: Kysely<Database>, card: CardRange): Promise<string[]> {
  const rows = await repo.cardSalesBetween(
    executor,
    card.setId,
    card.cardName,
    iso(card.from - 2 * WINDOW_MS),
    iso(card.to + 2 * WINDOW_MS),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const cohorts = new Map<string, { grader: string | null; grade: number | null; sales: CohortSale[] }>();
  for (const row of rows) {
    const key = `${row.grading_company}\u0000${row.grade}`;
    let cohort = cohorts.get(key);
    if (!cohort) {
      cohort = {
        grader: row.grading_company,
        grade: row.grade === null ? null : Number(row.grade),
        sales: [],
      };
      cohorts.set(key, cohort);
    }
    cohort.sales.push({ id: row.id, soldAt: Date.parse(row.sold_at), priceCents: Number(row.price_cents) });
  }
  const outliers = new Map<string, Flag>();
  for (const cohort of cohorts.values()) {
    const found = outlierFlags(
      cohort.sales,
      cohort.grader,
      cohort.grade,
      card.from - WINDOW_MS,
      card.to + WINDOW_MS,
    );
    for (const [id, flag] of found) outliers.set(id, flag);
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
  const added = await repo.insertFlags(executor, toFlags(outliers, byId, card));
  const duplicates = await sameDayDuplicateFlags(executor, rows, card);
  const addedDuplicates = await repo.insertFlags(executor, toFlags(duplicates, byId, card));
  return [...stale.map((flag) => flag.sale_id), ...added, ...addedDuplicates];
}

/**
 * Same-day duplicates among the card's sales around the new ones. Only sales that share cohort, price and
 * day with another are looked up for their seller, which is not in the index the rows came from.
 */
async function sameDayDuplicateFlags(
  executor: Kysely<Database>,
  rows: readonly repo.CardSaleRow[],
  card: CardRange,
): Promise<Map<string, Flag>> {
  const near = rows.filter((row) => {
    const at = Date.parse(row.sold_at);
    return at >= card.from - 2 * DAY_MS && at <= card.to + 2 * DAY_MS;
  });
  const groups = new Map<string, repo.CardSaleRow[]>();
  for (const row of near) {
    const key = [row.grading_company, row.grade, row.price_cents, row.sold_at.slice(0, 10)].join('\u0000');
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const candidates = [...groups.values()].filter((group) => group.length > 1).flat();
  if (candidates.length === 0) return new Map();
  const details = await repo.sellersAndDays(
    executor,
    candidates.map((row) => row.id),
  );
  const sales: DuplicateCandidate[] = candidates.map((row) => ({
    id: row.id,
    soldAt: Date.parse(row.sold_at),
    soldOn: details.get(row.id)!.soldOn,
    seller: details.get(row.id)!.seller,
    priceCents: Number(row.price_cents),
    grader: row.grading_company,
    grade: row.grade === null ? null : Number(row.grade),
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
