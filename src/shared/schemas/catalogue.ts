import { z } from 'zod';
import { RARITY_GROUPS } from '../catalogue.ts';
import { SET_IDS } from '../sets.ts';

export const RarityCountsSchema = z.partialRecord(z.enum(RARITY_GROUPS), z.number().int());

export const SetSummarySchema = z.object({
  id: z.enum(SET_IDS),
  name: z.string(),
  slug: z.string(),
  printedTotal: z.number().int(),
  releaseDate: z.string(),
  total: z.number().int(),
  counts: RarityCountsSchema,
});

export const SetsResponseSchema = z.object({ sets: z.array(SetSummarySchema) });

export const CatalogueCardSchema = z.object({
  cardId: z.string(),
  setId: z.enum(SET_IDS),
  number: z.string(),
  name: z.string(),
  searchName: z.string(),
  rarity: z.string(),
  category: z.string(),
  rarityGroup: z.enum(RARITY_GROUPS),
  supertype: z.string(),
  imageUrl: z.string(),
  variantOf: z.string().optional(),
});
export type CatalogueCard = z.infer<typeof CatalogueCardSchema>;

export const SetCardsResponseSchema = z.object({
  setId: z.enum(SET_IDS),
  name: z.string(),
  cards: z.array(CatalogueCardSchema),
  total: z.number().int(),
});
export type SetCardsResponse = z.infer<typeof SetCardsResponseSchema>;
