import type { App } from '#server/app.ts';
import { Random } from '#server/features/demo-data/prng.ts';
import { allCards } from '#shared/catalogue.ts';
import type { AddCollectionItemBody } from '#shared/schemas/collections.ts';

const GRADES = [10, 10, 9, 9, 9, 9, 8, 8, 8, 7, 7, 6, 5, 4];
const COMPANIES = ['PSA', 'PSA', 'PSA', 'PSA', 'PSA', 'PSA', 'PSA', 'BGS', 'BGS', 'CGC'] as const;

/**
 * Signs up a collector and fills their Collected list through the API with `count` graded 1st Edition
 * cards of every rarity (Charizard PSA 9 first), as a large real collection would be. Returns the session
 * cookie and the catalogue ids of the cards held.
 */
export async function createGradedCollector(
  app: App,
  count: number,
  seed: number,
): Promise<{ cookie: string; cardIds: string[] }> {
  const random = new Random(seed);
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      username: 'BenchCollector',
      email: 'bench.collector@holoscope.invalid',
      password: 'bench-password-1',
      verifyPassword: 'bench-password-1',
      country: 'Germany',
      countryCode: 'DE',
    },
  });
  // Named __Host-holoscope_session when cookies are secure, as in production.
  const session = response.cookies.find((cookie) => cookie.name.endsWith('holoscope_session'));
  if (response.statusCode !== 201 || !session) throw new Error(`Sign-up failed: ${response.body}`);
  const cookie = `${session.name}=${session.value}`;
  const cards = allCards();
  const charizard = cards.find((card) => card.cardId === 'base_set-4')!;
  const cardIds = new Set<string>();
  for (let index = 0; index < count; index++) {
    const card = index === 0 ? charizard : cards[random.integer(cards.length)]!;
    const body: AddCollectionItemBody = {
      list: 'collected',
      setId: card.setId,
      cardName: card.searchName,
      cardNumber: card.number,
      grade: index === 0 ? 9 : GRADES[random.integer(GRADES.length)]!,
      gradingCompany: index === 0 ? 'PSA' : COMPANIES[random.integer(COMPANIES.length)]!,
      variant: '1st Edition',
    };
    const added = await app.inject({
      method: 'POST',
      url: '/api/users/me/collection',
      headers: { cookie },
      payload: body,
    });
    if (added.statusCode !== 201) throw new Error(`Adding a card failed: ${added.body}`);
    cardIds.add(card.cardId);
  }
  return { cookie, cardIds: [...cardIds] };
}
