import type { Period } from '#shared/sales-constants.ts';
import { isPeriod, isSaleGrader, type SaleGrader } from '#shared/sales-constants.ts';
import { DEFAULT_SET_ID, parseSetId, type SetId } from '#shared/sets.ts';

export const MODES = ['analyse', 'consign', 'source'] as const;
export type Mode = (typeof MODES)[number];

export const MODE_LABELS: Record<Mode, string> = { analyse: 'Analyse', consign: 'Consign', source: 'Source' };

/** docs/product.md §2, verbatim. */
export const MODE_HELPER_TEXT: Record<Mode, string> = {
  analyse: 'Historical eBay sales data for 1st edition cards only',
  source: 'Connect with collectors and make offers on available cards',
  consign: 'Get the best rates for your card consignment services',
};

/** Everything the home page shows, as carried by its URL so a result can be shared, bookmarked and restored. */
export interface SearchState {
  mode: Mode;
  set: SetId;
  card: string | null;
  period: Period;
  grader: SaleGrader | null;
  grade: number | null;
  page: number;
  /** Count flagged sales in the statistics too (docs/product.md §11); off unless the URL says flagged=1. */
  includeFlagged: boolean;
}

function isMode(value: string): value is Mode {
  return (MODES as readonly string[]).includes(value);
}

function parseGrade(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const grade = Number(value);
  return Number.isFinite(grade) && grade >= 1 && grade <= 10 ? grade : null;
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Reads the home page URL; anything missing or unreadable falls back to the default. */
export function parseSearchState(params: URLSearchParams): SearchState {
  const mode = params.get('mode') ?? '';
  const period = params.get('period') ?? '';
  const grader = params.get('grader') ?? '';
  const grade = parseGrade(params.get('grade'));
  const card = params.get('card')?.trim();
  return {
    mode: isMode(mode) ? mode : 'analyse',
    set: parseSetId(params.get('set') ?? '') ?? DEFAULT_SET_ID,
    card: card ? card : null,
    period: isPeriod(period) ? period : 'all',
    // A grade means nothing without its grading company, so the two come and go together.
    grader: isSaleGrader(grader) && grade !== null ? grader : null,
    grade: isSaleGrader(grader) ? grade : null,
    page: parsePage(params.get('page')),
    includeFlagged: params.get('flagged') === '1',
  };
}

/** The URL form: /?mode=…&set=…&card=…&period=…&grader=…&grade=…&page=…, leaving out what does not apply. */
export function searchStateToParams(state: SearchState): URLSearchParams {
  const params = new URLSearchParams({ mode: state.mode });
  if (state.card === null) return params;
  params.set('set', state.set);
  params.set('card', state.card);
  params.set('period', state.period);
  if (state.grader !== null && state.grade !== null) {
    params.set('grader', state.grader);
    params.set('grade', String(state.grade));
  }
  if (state.page > 1) params.set('page', String(state.page));
  if (state.includeFlagged) params.set('flagged', '1');
  return params;
}

/** The home page's address of a new search for a card: a link from elsewhere in the app into a mode. */
export function newSearchUrl(mode: Mode, set: SetId, card: string): string {
  return `/?${new URLSearchParams({ mode, set, card })}`;
}
