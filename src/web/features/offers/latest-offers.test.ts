import { describe, expect, it } from 'vitest';
import type { Offer } from '#shared/schemas/offers.ts';
import { latestSentByItem } from './latest-offers.ts';

function offer(id: string, itemId: string, status: Offer['status']): Offer {
  return {
    id,
    status,
    amount: 100,
    message: null,
    awaiting: status === 'open' ? 'owner' : null,
    yourTurn: false,
    expiresAt: status === 'open' ? '2026-01-08T00:00:00.000Z' : null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    direction: 'sent',
    item: {
      id: itemId,
      cardName: 'Charizard',
      cardNumber: '4/102',
      setId: 'base_set',
      imageUrl: '/card-images/base_set-4',
      grade: null,
      gradingCompany: null,
      certNumber: null,
    },
    otherParty: { id: 'owner', username: 'Owner' },
    deal: null,
  };
}

describe("the viewer's offer shown on a card", () => {
  it('is the newest offer on each card (the list comes newest first)', () => {
    const latest = latestSentByItem([
      offer('o3', 'a', 'open'),
      offer('o2', 'b', 'accepted'),
      offer('o1', 'a', 'withdrawn'),
    ]);
    expect(latest.get('a')?.id).toBe('o3');
    expect(latest.get('b')?.status).toBe('accepted');
    expect(latest.has('c')).toBe(false);
  });

  it('is nothing before the offers have loaded', () => {
    expect(latestSentByItem(undefined).size).toBe(0);
  });
});
