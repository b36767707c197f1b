import { describe, expect, it } from 'vitest';
import { insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('sales analysis cache', () => {
  const t = useTestApp();
  const totalOf = async (query: string) => (await t.app.inject(`/api/sales/analysis?${query}`)).json().total;

  it('answers repeated searches from the cache until sales change', async () => {
    await insertSales(t.database.handle, [{ card_name: 'Charizard' }]);
    expect(await totalOf('card=Charizard')).toBe(1);

    // Written behind the app's back: the cached answer and the other pages of the same search, which
    // share its cached statistics, stay until the change is announced. Another period of the card is
    // computed from the card's columns, which first take in the change log's entries since they were read.
    await insertSales(t.database.handle, [{ card_name: 'Charizard' }]);
    expect(await totalOf('card=charizard')).toBe(1);
    expect(await totalOf('card=Charizard&pageSize=10')).toBe(1);
    expect(await totalOf('card=Charizard&period=30d')).toBe(2);

    t.app.context.salesEvents.changed();
    expect(await totalOf('card=Charizard')).toBe(2);
    expect(await totalOf('card=Charizard&period=90d')).toBe(2);
  });

  it('serves cached answers byte for byte as JSON', async () => {
    const first = await t.app.inject('/api/sales/analysis?card=Blastoise');
    const second = await t.app.inject('/api/sales/analysis?card=Blastoise');
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(second.json().cardName).toBe('Blastoise');
  });
});
