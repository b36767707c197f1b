import { describe, expect, it } from 'vitest';
import { certRepeats, type Flag, outlierFlags, recordFlags, sameDayDuplicates } from './flag-rules.ts';

const DAY = 86_400_000;
const START = Date.UTC(2026, 0, 1);

/** A sale of a cohort with a name, so a test can say which sale a flag is for. */
interface CohortSale {
  id: string;
  soldAt: number;
  priceCents: number;
}

function cohort(prices: number[], spacingDays = 1): CohortSale[] {
  return prices.map((priceCents, index) => ({
    id: `s${index}`,
    soldAt: START + index * spacingDays * DAY,
    priceCents,
  }));
}

/** The flags of the sales (in time order) in [from, to], by the sales' names. */
function judgeWithin(sales: CohortSale[], from: number, to: number): Map<string, Flag> {
  const columns = {
    soldAt: sales.map((sale) => sale.soldAt),
    priceCents: sales.map((sale) => sale.priceCents),
  };
  const flags = outlierFlags(columns, 'PSA', 9, from, to);
  return new Map([...flags].map(([position, flag]) => [sales[position]!.id, flag]));
}

const judge = (sales: CohortSale[]) => judgeWithin(sales, -Infinity, Infinity);

describe('outlierFlags', () => {
  it('flags at three times the median of the other sales and not below it', () => {
    expect(judge(cohort([100, 100, 100, 100, 100, 300])).get('s5')).toEqual({
      code: 'outlier-high',
      reason: '3.0× the median of $1 of 5 other PSA 9 sales within 90 days',
    });
    expect(judge(cohort([100, 100, 100, 100, 100, 299])).size).toBe(0);
  });

  it('flags at a third of the median and not above it', () => {
    expect(judge(cohort([300, 300, 300, 300, 300, 100])).get('s5')?.code).toBe('outlier-low');
    expect(judge(cohort([300, 300, 300, 300, 300, 101])).size).toBe(0);
  });

  it('judges nothing with fewer than five other sales in the window', () => {
    expect(judge(cohort([100, 100, 100, 100, 1000])).size).toBe(0);
    // Six sales, but 91 days apart: each has no other sale within 90 days.
    expect(judge(cohort([100, 100, 100, 100, 100, 1000], 91)).size).toBe(0);
    // 18 days apart, the fifth other sale is 90 days away: still in the window.
    expect(judge(cohort([100, 100, 100, 100, 100, 1000].reverse(), 18)).get('s0')?.code).toBe('outlier-high');
  });

  it('does not flag the edges of a cohort whose prices spread widely anyway', () => {
    // Median 200, MAD 100 → 3 × 148.26 = 444.78 from the median is needed; 620 is 3.1× but only 420 away.
    expect(judge(cohort([100, 100, 200, 300, 300, 620])).size).toBe(0);
    expect(judge(cohort([100, 100, 200, 300, 300, 700])).get('s5')?.code).toBe('outlier-high');
  });

  it('judges only the sales in the given time range', () => {
    const sales = cohort([1000, 100, 100, 100, 100, 100]);
    expect(judgeWithin(sales, START + DAY, Infinity).size).toBe(0);
    expect(judgeWithin(sales, START, START).get('s0')?.reason).toBe(
      '10× the median of $1 of 5 other PSA 9 sales within 90 days',
    );
  });
});

/** The measure the long way: every other sale in the window, sorted, for each sale. */
function naiveOutliers(sales: CohortSale[]): Map<string, string> {
  const found = new Map<string, string>();
  const median = (sorted: number[]) => {
    const half = sorted.length >> 1;
    return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
  };
  for (const sale of sales) {
    const others = sales
      .filter((other) => other !== sale && Math.abs(other.soldAt - sale.soldAt) <= 90 * DAY)
      .map((other) => other.priceCents)
      .sort((a, b) => a - b);
    if (others.length < 5) continue;
    const middle = median(others);
    const deviations = others.map((price) => Math.abs(price - middle)).sort((a, b) => a - b);
    const mad = deviations[(deviations.length - 1) >> 1]!;
    if (Math.abs(sale.priceCents - middle) <= 3 * 1.4826 * mad) continue;
    const ratio = sale.priceCents / middle;
    if (ratio >= 3) found.set(sale.id, 'outlier-high');
    else if (ratio <= 1 / 3) found.set(sale.id, 'outlier-low');
  }
  return found;
}

describe('outlierFlags against the long way', () => {
  it('agrees on random cohorts', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 200; round++) {
      const count = 5 + Math.floor(random() * 40);
      const sales = Array.from({ length: count }, (_, index) => ({
        id: `r${index}`,
        soldAt: START + Math.floor(random() * 400) * DAY,
        priceCents: random() < 0.15 ? Math.floor(random() * 5000) + 1 : 900 + Math.floor(random() * 200),
      })).sort((a, b) => a.soldAt - b.soldAt);
      const fast = new Map([...judge(sales)].map(([id, flag]) => [id, flag.code]));
      expect(fast).toEqual(naiveOutliers(sales));
    }
  });
});

describe('sameDayDuplicates', () => {
  const base = { soldOn: '2026-01-01', priceCents: 100, seller: 'a', grader: 'PSA', grade: 9 };
  it('flags every later copy of a sale and keeps the first', () => {
    const flags = sameDayDuplicates([
      { ...base, id: 'b', soldAt: 2 },
      { ...base, id: 'a', soldAt: 1 },
      { ...base, id: 'c', soldAt: 3, seller: 'other' },
      { ...base, id: 'd', soldAt: 4, grade: 10 },
      { ...base, id: 'e', soldAt: 5, priceCents: 101 },
    ]);
    expect([...flags.keys()]).toEqual(['b']);
  });
});

describe('certRepeats', () => {
  it('flags the same grader’s certificate at the same price within 14 days', () => {
    const sale = (id: string, days: number, priceCents = 100, grader = 'PSA') => ({
      id,
      certNumber: '123',
      grader,
      soldAt: START + days * DAY,
      priceCents,
    });
    const flags = certRepeats([
      sale('a', 0),
      sale('b', 14),
      sale('c', 29),
      sale('d', 15, 100, 'CGC'),
      sale('e', 1, 200),
    ]);
    expect([...flags.keys()]).toEqual(['b']);
    expect(flags.get('b')?.reason).toBe('Certificate PSA 123 sold at the same price ($1) 14 days earlier');
  });
});

describe('recordFlags', () => {
  const charizard = {
    setId: 'base_set',
    cardId: 'base_set-4',
    saleType: 'auction',
    bestOfferAccepted: false,
  };
  it.each([
    ['Charizard Base Set Unlimited Holo PSA 9', 'The title says Unlimited, not 1st Edition ("unlimited")'],
    ['Charizard 1st Edition Reprint PSA 10', 'The title says a reprint, not the original card ("reprint")'],
    [
      'Blastoise 1st Edition Base Set Holo PSA 9',
      'The title says "blastoise" does not fit Base Set Charizard 4/102',
    ],
  ])('flags the title %j', (title, reason) => {
    expect(recordFlags({ ...charizard, title })).toEqual([{ code: 'title-mismatch', reason }]);
  });

  it('flags a Best Offer only when its accepted price is not known', () => {
    expect(recordFlags({ ...charizard, title: null, saleType: 'best_offer' })[0]?.code).toBe(
      'best-offer-unrevealed',
    );
    expect(
      recordFlags({ ...charizard, title: null, saleType: 'best_offer', bestOfferAccepted: true }),
    ).toEqual([]);
    expect(recordFlags({ ...charizard, title: 'Charizard 1st Edition Base Set Holo PSA 9' })).toEqual([]);
  });
});
