import type { IMPORT_FORMATS } from '#shared/schemas/admin.ts';
import {
  type CreateFeedBody,
  EBAY_CARD_CATEGORY,
  EBAY_MAX_LOOKBACK_DAYS,
  type FeedAdapter,
} from '#shared/schemas/feeds.ts';
import { SET_IDS } from '#shared/sets.ts';

/** The form's fields in their order on screen, named as the API names them in its errors. */
export const FIELDS = [
  'adapter',
  'name',
  'schedule',
  'secrets.clientId',
  'secrets.clientSecret',
  'settings.marketplaceId',
  'settings.categoryIds',
  'settings.sets',
  'settings.lookbackDays',
  'settings.url',
  'settings.format',
  'secrets.authorization',
  'settings.folder',
] as const;
export type Field = (typeof FIELDS)[number];

/** What the form holds, as typed. */
export interface Values {
  adapter: FeedAdapter;
  name: string;
  schedule: string;
  clientId: string;
  clientSecret: string;
  marketplaceId: string;
  categoryIds: string;
  sets: string[];
  lookbackDays: string;
  url: string;
  format: string;
  authorization: string;
  folder: string;
}

export const INITIAL: Values = {
  adapter: 'ebay',
  name: '',
  schedule: '0 6 * * *',
  clientId: '',
  clientSecret: '',
  marketplaceId: 'EBAY_US',
  categoryIds: EBAY_CARD_CATEGORY,
  sets: [...SET_IDS],
  lookbackDays: String(EBAY_MAX_LOOKBACK_DAYS),
  url: '',
  format: '',
  authorization: '',
  folder: '',
};

/** The request body for the chosen adapter: only its settings and secrets, blanks left out. */
export function bodyOf(values: Values): CreateFeedBody {
  const common = { name: values.name.trim(), schedule: values.schedule.trim() };
  switch (values.adapter) {
    case 'ebay':
      return {
        ...common,
        adapter: 'ebay',
        settings: {
          marketplaceId: values.marketplaceId.trim(),
          categoryIds: values.categoryIds.replace(/\s+/g, ''),
          sets: values.sets,
          lookbackDays: Number(values.lookbackDays),
        },
        secrets: { clientId: values.clientId.trim(), clientSecret: values.clientSecret.trim() },
      };
    case 'url':
      return {
        ...common,
        adapter: 'url',
        settings: {
          url: values.url.trim(),
          ...(values.format ? { format: values.format as (typeof IMPORT_FORMATS)[number] } : {}),
        },
        secrets: values.authorization.trim() ? { authorization: values.authorization.trim() } : {},
      };
    case 'folder':
      return {
        ...common,
        adapter: 'folder',
        settings: { folder: values.folder.trim() },
        secrets: {},
      };
  }
}
