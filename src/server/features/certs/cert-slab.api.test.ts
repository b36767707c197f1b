import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NewSale } from '#server/db/schema.ts';
import { someIp } from '../../../../tests/helpers/auth.ts';
import {
  PSA_STAND_IN_TOKEN,
  STAND_IN_CERTS,
  STAND_IN_SLABS,
  startPsaStandIn,
} from '../../../../tests/helpers/psa-stand-in.ts';
import { daysAgo, insertSales } from '../../../../tests/helpers/sales-factory.ts';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

const psa = await startPsaStandIn();
afterAll(() => psa.close());
beforeEach(() => psa.reset());

const DAY_MS = 86_400_000;

describe('GET /api/certs/:certNumber/slab', () => {
  const t = useTestApp({ psaApiBaseUrl: psa.url, psaApiToken: PSA_STAND_IN_TOKEN });
  const flag = (value: boolean) => (t.database.handle.dialect === 'postgres' ? value : Number(value));
  const slab = (certNumber: string) =>
    t.app.inject({ url: `/api/certs/${encodeURIComponent(certNumber)}/slab`, remoteAddress: someIp() });
  const gengar = (grade: number, dollars: number, days: number, extra: Partial<NewSale> = {}) => ({
    set_id: 'fossil_set',
    card_name: 'Gengar',
    grading_company: 'PSA',
    grade,
    price_cents: dollars * 100,
    sold_at: daysAgo(days),
    excluded: flag(false),
    ...extra,
  });

  beforeAll(async () => {
    await insertSales(t.database.handle, [
      gengar(9, 400, 2, { id: 'gengar-9-flagged', excluded: flag(true) }),
      gengar(9, 410, 3, { id: 'gengar-9-a' }),
      gengar(9, 420, 10, { id: 'gengar-9-b' }),
      gengar(9, 430, 20, { id: 'gengar-9-c' }),
      gengar(9, 440, 30, { id: 'gengar-9-d' }),
      gengar(9, 450, 40, { id: 'gengar-9-e' }),
      gengar(9, 460, 50, { id: 'gengar-9-f' }),
      gengar(10, 2000, 5),
      { set_id: 'base_set', card_name: 'Charizard', grade: 9, price_cents: 900_000, excluded: flag(false) },
    ]);
  });

  it('reads the certificate into its card and grade, with the estimate, ladder row, last sales and population', async () => {
    const { number } = STAND_IN_SLABS.fossilGengarFirstEdition;
    const response = await slab(number);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      cert: number,
      grader: 'PSA',
      grade: { value: 9, qualifier: null, label: 'MINT 9' },
      card: { setId: 'fossil_set', cardName: 'Gengar', cardNumber: '5/62', variant: '1st Edition' },
      reason: null,
      estimate: { basis: 'recent-sales', comps: 6 },
      ladderRow: { grader: 'PSA', grade: 9, count: 6, lastSale: { price: 410 } },
      population: { grade: 9, total: 1234, higher: 121, asOf: expect.any(String) },
    });
    expect(body.estimate.estimate).toBeGreaterThan(400);
    // The newest five, the flagged sale left out.
    expect(body.recentSales.map((sale: { saleId: string }) => sale.saleId)).toEqual([
      'gengar-9-a',
      'gengar-9-b',
      'gengar-9-c',
      'gengar-9-d',
      'gengar-9-e',
    ]);
    expect(body.recentSales[0]).toMatchObject({ price: 410, date: expect.any(String) });
  });

  it('keeps half grades', async () => {
    const body = (await slab(STAND_IN_SLABS.jungleScytherHalfGrade.number)).json();
    expect(body.grade).toEqual({ value: 8.5, qualifier: null, label: 'NM-MT 8.5' });
    expect(body.card).toMatchObject({ cardName: 'Scyther', variant: '1st Edition' });
    expect(body.population).toMatchObject({ grade: 8.5, total: 310, higher: 802 });
  });

  it.each([
    ['baseCharizardShadowless', 'Shadowless'],
    ['baseCharizardUnlimited', 'Unlimited'],
  ] as const)('recognises a %s print and says its estimate has no basis', async (name, variant) => {
    const body = (await slab(STAND_IN_SLABS[name].number)).json();
    expect(body.card).toEqual({ setId: 'base_set', cardName: 'Charizard', cardNumber: '4/102', variant });
    expect(body.estimate).toMatchObject({ basis: 'none', estimate: null, comps: 0 });
    expect(body.reason).toBe(
      `Holoscope's sales are of 1st Edition prints, so there is no basis for an estimate of a ${variant} card.`,
    );
    // The 1st Edition Charizard's sales are not this print's.
    expect(body.recentSales).toEqual([]);
    expect(body.ladderRow).toBeNull();
    expect(body.population).toMatchObject({ total: STAND_IN_SLABS[name].record.TotalPopulation });
  });

  it('keeps a qualifier, prices no qualified slab and records no population for it', async () => {
    const body = (await slab(STAND_IN_SLABS.basePikachuQualified.number)).json();
    expect(body.grade).toEqual({ value: 9, qualifier: 'OC', label: 'MINT 9 (OC)' });
    expect(body.card).toMatchObject({ cardName: 'Pikachu', variant: '1st Edition' });
    expect(body.estimate.basis).toBe('none');
    expect(body.reason).toMatch(/^A qualified PSA 9 \(OC\) sells apart from a plain PSA 9/);
    expect(body.population).toBeNull();
  });

  it.each([
    ['japaneseFossilGengar', /^not an English print/],
    ['otherGame', /^not a Pokémon card/],
    ['baseSetTwo', /^Base Set 2/],
  ] as const)('answers card null with the reason for %s', async (name, reason) => {
    const response = await slab(STAND_IN_SLABS[name].number);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      card: null,
      reason: expect.stringMatching(reason),
      estimate: { basis: 'none' },
      population: null,
      recentSales: [],
    });
  });

  it('answers 404 for an unknown certificate and 400 for a malformed one, with the lookup’s messages', async () => {
    const unknown = await slab(STAND_IN_CERTS.unknown);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({
      code: 'not-found',
      message: `PSA has no certificate with the number ${STAND_IN_CERTS.unknown}.`,
    });
    const rejected = await slab(STAND_IN_CERTS.malformed);
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json().error.message).toContain('PSA does not accept 1 as a certificate number');
    const typed = await slab('12-34');
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.message).toBe('Enter a PSA certificate number: digits only.');
  });

  it('answers a repeat from the kept record for a day, then asks PSA again and keeps each day’s figures', async () => {
    const { number } = STAND_IN_SLABS.fossilGengarFirstEdition;
    await slab(number);
    psa.reset();
    expect((await slab(number)).json().population).toMatchObject({ total: 1234, higher: 121 });
    expect(psa.apiCalls).toEqual([]);

    // The kept record and the day's observation become two days old; PSA has graded more since.
    const db = t.database.handle.db;
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString();
    await db
      .updateTable('cert_lookups')
      .set({ fetched_at: twoDaysAgo })
      .where('cert_number', '=', number)
      .execute();
    await db
      .updateTable('psa_populations')
      .set({ observed_at: twoDaysAgo, observed_on: twoDaysAgo.slice(0, 10) })
      .where('cert_number', '=', number)
      .execute();
    psa.setPopulation(number, { TotalPopulation: 1240, PopulationHigher: 125 });

    const later = (await slab(number)).json();
    expect(psa.apiCalls).toEqual([`GetByCertNumber/${number}`]);
    expect(later.population).toMatchObject({ grade: 9, total: 1240, higher: 125 });
    expect(Date.parse(later.population.asOf)).toBeGreaterThan(Date.now() - 60_000);
    const observed = await db
      .selectFrom('psa_populations')
      .select(['total', 'higher', 'observed_on'])
      .where('card_id', '=', 'fossil_set-5')
      .orderBy('observed_on')
      .execute();
    expect(observed.map((row) => [Number(row.total), Number(row.higher)])).toEqual([
      [1234, 121],
      [1240, 125],
    ]);
    expect(later.images).toEqual([
      { isFront: true, url: expect.stringMatching(/^\/media\//) },
      { isFront: false, url: expect.stringMatching(/^\/media\//) },
    ]);
  });

  it('answers a day-old record from what is kept when the address may not reach PSA now', async () => {
    const { number } = STAND_IN_SLABS.jungleSnorlaxUnlimited;
    const address = '192.0.2.77';
    const fromAddress = (cert: string) =>
      t.app.inject({ url: `/api/certs/${cert}/slab`, remoteAddress: address });
    expect((await fromAddress(number)).statusCode).toBe(200);
    for (let cert = 43_000_000; (await fromAddress(String(cert))).statusCode === 404; cert++);
    expect((await fromAddress('43999999')).json().error.message).toBe(
      'Too many certificate lookups from your address. Please try again in an hour.',
    );
    await t.database.handle.db
      .updateTable('cert_lookups')
      .set({ fetched_at: new Date(Date.now() - 2 * DAY_MS).toISOString() })
      .where('cert_number', '=', number)
      .execute();
    psa.reset();
    const kept = await fromAddress(number);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().card).toMatchObject({ cardName: 'Snorlax', variant: 'Unlimited' });
    expect(psa.apiCalls).toEqual([]);
  });

  it('shows the latest population on the ladder’s PSA grades, and none where nothing was observed', async () => {
    await slab(STAND_IN_SLABS.fossilGengarFirstEdition.number);
    const gengar = (await t.app.inject('/api/sales/ladder?set=fossil_set&card=Gengar')).json();
    expect(gengar.rows.map((row: { grade: number }) => row.grade)).toEqual([10, 9]);
    expect(gengar.psaPopulations).toEqual([{ grade: 9, total: 1240, higher: 125, asOf: expect.any(String) }]);
    const charizard = (await t.app.inject('/api/sales/ladder?set=base_set&card=Charizard')).json();
    // Only the Shadowless and Unlimited prints were observed: the 1st Edition ladder shows no population.
    expect(charizard.psaPopulations).toEqual([]);
  });

  it('answers the card’s observations day by day for its chart, and none where nothing was observed', async () => {
    const populations = async (query: string) => {
      const response = await t.app.inject(`/api/sales/populations?${query}`);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const gengar = await populations('set=fossil_set&card=gengar');
    expect(gengar).toMatchObject({ cardId: 'fossil_set-5', cardName: 'Gengar', setId: 'fossil_set' });
    expect(gengar.observations).toEqual([
      { grade: 9, observedOn: twoDaysAgo, total: 1234, higher: 121, asOf: expect.any(String) },
      { grade: 9, observedOn: today, total: 1240, higher: 125, asOf: expect.any(String) },
    ]);
    expect(Date.parse(gengar.observations[1].asOf)).toBeGreaterThan(Date.now() - 5 * 60_000);
    const scyther = await populations('set=jungle_set&card=Scyther');
    expect(scyther.observations).toEqual([
      { grade: 8.5, observedOn: today, total: 310, higher: 802, asOf: expect.any(String) },
    ]);
    // Only the Shadowless and Unlimited prints were observed: nothing of the 1st Edition print.
    expect((await populations('set=base_set&card=Charizard')).observations).toEqual([]);
    expect(await populations('set=fossil_set&card=Mewthree')).toEqual({
      cardId: null,
      cardName: 'Mewthree',
      setId: 'fossil_set',
      observations: [],
    });
    const refused = await t.app.inject('/api/sales/populations?set=fossil_set&card=%20');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Enter a card name.');
  });
});
