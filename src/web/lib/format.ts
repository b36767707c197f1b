// Prices, counts and days are put together by hand rather than with Intl. A page's first Intl number or date
// formatter loads locale data, a pause of tens of milliseconds on a phone that fell right where an analysis
// draws; these formats are fixed (US English, days in UTC), so a few lines give the same text.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, ',');
}

/** 1,234,567: a whole number with thousands separators. */
export function formatCount(count: number): string {
  return `${count < 0 ? '-' : ''}${groupThousands(Math.abs(Math.round(count)).toFixed(0))}`;
}

/** $1,234.50: always two decimals, as prices are shown everywhere. */
export function formatDollars(amount: number): string {
  const fixed = Math.abs(amount).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  // Intl writes an amount that rounds to zero without a sign: "$0.00", never "-$0.00".
  const sign = amount < 0 && Number(fixed) !== 0 ? '-' : '';
  return `${sign}$${groupThousands(whole)}.${cents}`;
}

/** $1,235: whole dollars, where space is short and cents say nothing (a spread of prices). */
export function formatWholeDollars(amount: number): string {
  const whole = Math.round(Math.abs(amount));
  return `${amount < 0 && whole !== 0 ? '-' : ''}$${groupThousands(whole.toFixed(0))}`;
}

/** 15.8% from a percent, one decimal, without sign (the caller shows the direction). */
export function formatPercent(percent: number): string {
  const [whole = '0', tenths = '0'] = Math.abs(percent).toFixed(1).split('.');
  return `${groupThousands(whole)}.${tenths}%`;
}

let compactDollars: Intl.NumberFormat | undefined;

/** $1.2K: for chart axes, where space is short (the chart draws in a task of its own, so Intl is fine there). */
export function formatDollarsCompact(amount: number): string {
  compactDollars ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
  return compactDollars.format(amount);
}

/** Nov 3, 2025 from an ISO date or instant, or milliseconds since the epoch; sale days are calendar days in
 *  UTC (the API's sold dates), so they read the same in every time zone. */
export function formatSaleDate(value: string | number): string {
  const day = new Date(value);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}

/** Nov 2025 from an ISO date, an instant or milliseconds since the epoch. */
export function formatMonthYear(value: string | number): string {
  const day = new Date(value);
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** Nov 3, 2025, 2:05 PM in the reader's own time zone: when something happened to them, such as an alert. */
export function formatDateTime(value: string | number): string {
  const at = new Date(value);
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, '0');
  const clock = `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}, ${clock}`;
}
