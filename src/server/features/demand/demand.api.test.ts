import { describe, expect, it } from 'vitest';
import { registerUser } from '../../../../tests/helpers/auth.ts';
import { addItem, makeOffer, offerAction } from '../../../../tests/helpers/collection-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const wtb = (grade?: number, gradingCompany?: 'PSA' | 'BGS' | 'CGC') => ({
  list: 'wtb' as const,
  setId: 'fossil_set' as const,
  cardName: 'Moltres',
  cardNumber: '12/62',
  grade,
  gradingCompany,
  certNumber: undefined,
  variant: undefined,
  acceptingOffers: undefined,
});

describe('GET /api/sales/demand', () => {
  const t = useTestApp();

  it('counts distinct collectors per grade and the open offers, and names nobody', async () => {
    const [a, b, c, d, owner, e, f, g] = await Promise.all(
      Array.from({ length: 8 }, () => registerUser(t.app)),
    );
    await addItem(t.app, a!, wtb(9, 'PSA'));
    await addItem(t.app, a!, wtb(9, 'PSA'));
    await addItem(t.app, b!, wtb(9, 'PSA'));
    await addItem(t.app, c!, wtb());
    await addItem(t.app, d!, wtb(9, 'BGS'));
    await addItem(t.app, d!, { ...wtb(9, 'BGS'), cardName: 'Zapdos', cardNumber: '15/62' });
    const copy = await addItem(t.app, owner!, {
      setId: 'fossil_set',
      cardName: 'Moltres',
      cardNumber: '12/62',
    });
    await makeOffer(t.app, e!, { itemId: copy.id, amount: 100 });
    await makeOffer(t.app, f!, { itemId: copy.id, amount: 250.25 });
    const withdrawn = await makeOffer(t.app, g!, { itemId: copy.id, amount: 999 });
    expect((await offerAction(t.app, g!.cookie, withdrawn.id, 'withdraw')).statusCode).toBe(200);

    const response = await t.app.inject('/api/sales/demand?set=fossil&card=moltres');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      wanted: [
        { grader: 'PSA', grade: 9, collectors: 2 },
        { grader: 'BGS', grade: 9, collectors: 1 },
        { grader: null, grade: null, collectors: 1 },
      ],
      collectors: 4,
      openOffers: { count: 2, highest: 250.25 },
    });
    for (const user of [a, b, c, d, owner, e, f, g]) {
      expect(response.body).not.toContain(user!.user.id);
      expect(response.body).not.toContain(user!.user.username);
    }
  });

  it('has no demand for a card nobody wants or the catalogue does not know, and refuses bad input', async () => {
    expect((await t.app.inject('/api/sales/demand?set=base&card=Pikachu')).json()).toEqual({
      wanted: [],
      collectors: 0,
      openOffers: { count: 0, highest: null },
    });
    expect((await t.app.inject('/api/sales/demand?set=base&card=Agumon')).json().collectors).toBe(0);
    for (const url of ['/api/sales/demand?set=base', '/api/sales/demand?set=neo&card=Pikachu']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
  });
});
