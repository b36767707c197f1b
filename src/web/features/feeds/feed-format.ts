import { formatSaleDate } from '#web/lib/format.ts';

/** Nov 24, 2026 06:00 UTC: feed schedules are in UTC, so their times are shown in UTC too. */
export function formatUtc(iso: string): string {
  return `${formatSaleDate(iso)} ${iso.slice(11, 16)} UTC`;
}
