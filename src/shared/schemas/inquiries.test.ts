import { describe, expect, it } from 'vitest';
import { InquiryBodySchema, parseDollars } from './inquiries.ts';

describe('parseDollars', () => {
  it.each([
    ['2500', 2500],
    ['$2,500', 2500],
    [' 18,750.50 ', 18750.5],
    ['$ 300', 300],
  ])('reads %j as %d', (typed, dollars) => {
    expect(parseDollars(typed)).toBe(dollars);
  });

  it('tells an empty field from one that is not an amount', () => {
    expect(parseDollars('  ')).toBeUndefined();
    expect(parseDollars('about 500')).toBeNaN();
    expect(parseDollars('-5')).toBeNaN();
  });
});

describe('InquiryBodySchema', () => {
  const contact = { kind: 'contact', name: 'Ash', email: 'ash@example.com', message: 'Hello' } as const;

  it('needs the card and a value of at least $300 only for advances', () => {
    expect(InquiryBodySchema.safeParse(contact).success).toBe(true);
    const advance = InquiryBodySchema.safeParse({ ...contact, kind: 'advance' });
    expect(advance.success).toBe(false);
    expect(advance.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['card', 'estimatedValue']);
    expect(
      InquiryBodySchema.safeParse({ ...contact, kind: 'advance', card: 'Charizard', estimatedValue: 300 })
        .success,
    ).toBe(true);
  });

  it('trims what people type', () => {
    expect(
      InquiryBodySchema.parse({ ...contact, name: '  Ash  ', email: ' ash@example.com ' }),
    ).toMatchObject({
      name: 'Ash',
      email: 'ash@example.com',
    });
  });
});
