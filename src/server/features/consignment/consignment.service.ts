import type { ConsignmentAgent } from '#shared/schemas/sales.ts';

/** docs/product.md §3 and §9: three hard-coded agents with these ratings (of 5) and fees. */
const CONSIGNMENT_AGENTS: readonly ConsignmentAgent[] = [
  {
    id: 'vintage-vault',
    name: 'Vintage Vault Consignments',
    rating: 4.9,
    ratingMax: 5,
    specialties: ['Vintage WOTC holos', '1st Edition Base Set', 'Premium auctions over $1,000'],
    fee: '10-15%',
  },
  {
    id: 'gem-mint-partners',
    name: 'Gem Mint Partners',
    rating: 4.8,
    ratingMax: 5,
    specialties: ['High-grade PSA 10s', 'BGS Black Label and Pristine 10s', 'Registry set collectors'],
    fee: '12%',
  },
  {
    id: 'kanto-collectibles',
    name: 'Kanto Collectibles Exchange',
    rating: 4.7,
    ratingMax: 5,
    specialties: ['Sealed product', '1st Edition and Shadowless', 'Graded lots and bulk submissions'],
    fee: '8-14%',
  },
];

export function listConsignmentAgents(): readonly ConsignmentAgent[] {
  return CONSIGNMENT_AGENTS;
}
