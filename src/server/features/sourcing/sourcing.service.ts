import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { normaliseCardName } from '#shared/card-names.ts';
import { findCardById } from '#shared/catalogue.ts';
import { resolveCollectionCard } from '#shared/collection-rules.ts';
import {
  COLLECTOR_DEFAULTS,
  type Collector,
  type CollectorsQuerySchema,
  type CollectorsResponse,
} from '#shared/schemas/collections.ts';
import { isSetId, type SetId } from '#shared/sets.ts';
import type { Database } from '../../db/schema.ts';
import { toBoolean } from '../../db/schema.ts';
import { asGradingCompany, asVariant } from '../collections/public.ts';
import { toReputation } from '../profiles/public.ts';
import { type CollectedCopyRow, countCollectedCopies, findCollectedCopies } from './sourcing.repository.ts';

export type ValidCollectorsQuery = z.output<typeof CollectorsQuerySchema>;

function orDefault(value: string | null | undefined, fallback: string): string {
  return value?.trim() ? value : fallback;
}

function toCollector(row: CollectedCopyRow, setId: SetId): Collector {
  return {
    itemId: row.id,
    collectorId: row.user_id,
    username: orDefault(row.username, COLLECTOR_DEFAULTS.username),
    country: orDefault(row.country, COLLECTOR_DEFAULTS.country),
    memberSince: new Date(row.created_at).getUTCFullYear(),
    cardName: row.card_name,
    cardNumber: row.card_number,
    cardSet: isSetId(row.set_id) ? row.set_id : setId,
    grade: row.grade,
    gradingCompany: asGradingCompany(row.grading_company),
    certNumber: row.cert_number?.trim() ? row.cert_number : null,
    variant: asVariant(row.variant),
    acceptingOffers: toBoolean(row.accepting_offers),
    imageUrl: findCardById(row.card_id)?.imageUrl ?? `/card-images/${row.card_id}`,
    reputation: toReputation(row),
  };
}

/**
 * docs/product.md §2 Source: everyone holding the card on a Collected list. The name follows the shared card-name
 * rules; an unknown card, and (docs/product.md §8) a search that fails, answer an empty list.
 */
export async function findCollectors(
  db: Kysely<Database>,
  query: ValidCollectorsQuery,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CollectorsResponse> {
  const { set: setId, page, pageSize } = query;
  const card = resolveCollectionCard(setId, query.card);
  const empty: CollectorsResponse = {
    cardName: card?.searchName ?? normaliseCardName(query.card),
    setId,
    collectors: [],
    total: 0,
    page,
    pageSize,
  };
  if (!card) return empty;
  try {
    const total = await countCollectedCopies(db, setId, card.searchName);
    const offset = (page - 1) * pageSize;
    if (offset >= total) return { ...empty, total };
    const rows = await findCollectedCopies(db, { setId, cardName: card.searchName, limit: pageSize, offset });
    return { ...empty, collectors: rows.map((row) => toCollector(row, setId)), total };
  } catch (error) {
    log.warn({ err: error, setId, card: card.searchName }, 'collector search failed');
    return empty;
  }
}
