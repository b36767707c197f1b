import { describe, expect, it } from 'vitest';
import { insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('sales analysis cache', () => {
  const t = useTestApp();
  const totalOf = async (query: string) => (await t.app.inject(`/api/sales/analysis?${query}`)).json().total;

  it('answers repeated searches from the cache until sales change', async () => {
    await insertSales(t.database.handle, [{ card_name: 'Charizard' }]);
    expect(await totalOf('card=Charizard')).toBe(1);

    // Written behind the app's back, so only a fresh read can see it. Other pages of the same search
    // share its cached statistics, and another period or grade of the card is computed from its cached
    // sales.
    await insertSales(t.database.handle, [{ card_name: 'Charizard' }]);
    expect(await totalOf('card=charizard')).toBe(1);
    expect(await totalOf('card=Charizard&pageSize=10')).toBe(1);
    expect(await totalOf('card=Charizard&period=30d')).toBe(1);

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
