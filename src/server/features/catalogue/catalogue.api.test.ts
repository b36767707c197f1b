import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../../tests/helpers/test-app.ts';

describe('catalogue API', () => {
  const t = useTestApp();

  it('lists the three sets with their counts', async () => {
    const response = await t.app.inject('/api/sets');
    expect(response.statusCode).toBe(200);
    const { sets } = response.json();
    expect(sets.map((set: { id: string; total: number }) => [set.id, set.total])).toEqual([
      ['base_set', 103],
      ['jungle_set', 64],
      ['fossil_set', 62],
    ]);
    expect(sets[0].counts.energy).toBe(7);
    expect(sets[1].counts.energy).toBeUndefined();
  });

  it.each([
    ['base_set', 103],
    ['jungle', 64],
    ['fossil_set', 62],
  ])('serves the cards of %s', async (setId, total) => {
    const response = await t.app.inject(`/api/sets/${setId}/cards`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(total);
    expect(body.cards).toHaveLength(total);
    expect(body.cards[0]).toMatchObject({
      number: expect.stringMatching(/^1\//),
      imageUrl: expect.stringMatching(/^\/card-images\//),
    });
  });

  it('answers 404 with the error body for an unknown set', async () => {
    const response = await t.app.inject('/api/sets/team_rocket/cards');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'not-found', message: expect.any(String) } });
  });

  it('draws card art that names the card, its number, set and rarity', async () => {
    const response = await t.app.inject('/card-images/base_set-4');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain('Charizard');
    expect(response.body).toContain('4/102');
    expect(response.body).toContain('Base Set');
    expect(response.body).toContain('Rare Holo');
    expect(response.body).not.toContain('<script');
  });

  it('escapes card names in the art', async () => {
    const response = await t.app.inject('/card-images/base_set-27');
    expect(response.body).toContain('Farfetch&#39;d');
  });

  it("answers every catalogue card's image at the specification's path, cacheable", async () => {
    const sets = (await t.app.inject('/api/sets')).json().sets as { id: string }[];
    for (const { id } of sets) {
      const { cards } = (await t.app.inject(`/api/sets/${id}/cards`)).json();
      const folder = { base_set: 'Base', jungle_set: 'Jungle', fossil_set: 'Fossil' }[id];
      for (const card of cards as { name: string; number: string; imageUrl: string }[]) {
        const file = `${folder}_${card.name.replace(/[^A-Za-z0-9]/g, '')}_${card.number.replace('/', '_')}.png`;
        const response = await t.app.inject(`/${folder}SetImages/${file}`);
        expect(response.statusCode, file).toBe(200);
        expect(response.headers['cache-control']).toBe('public, max-age=86400');
        expect(response.body, file).toBe((await t.app.inject(card.imageUrl)).body);
      }
    }
  });

  it.each([
    ['/BaseSetImages/Base_Charizard_4_102.png', 'Charizard', '4/102'],
    ['/BaseSetImages/Base_Charizard_4_102.jpg', 'Charizard', '4/102'],
    ['/BaseSetImages/Base_Charizard_4_102.jpeg', 'Charizard', '4/102'],
    ['/BaseSetImages/Base_Charizard_4_102.webp', 'Charizard', '4/102'],
    ['/BaseSetImages/Base_Farfetchd_27_102.png', 'Farfetch&#39;d', '27/102'],
    ['/JungleSetImages/Jungle_Scyther_10_64.png', 'Scyther', '10/64'],
    ['/FossilSetImages/Fossil_Gengar_5_62.png', 'Gengar', '5/62'],
  ])('answers %s with the art of %s %s', async (url, name, number) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toContain(name);
    expect(response.body).toContain(number);
  });

  it.each([
    '/BaseSetImages/Base_Mewtwo_4_102.png',
    '/BaseSetImages/Base_Charizard_4_102.gif',
    '/BaseSetImages/Base_Charizard_4_102',
    '/BaseSetImages/Base_Charizard_4-102.png',
    '/JungleSetImages/Base_Charizard_4_102.png',
    '/BaseSetImages/Base_Charizard_104_102.png',
    '/BaseSetImages/base_charizard_4_102.png',
    `/BaseSetImages/${'A'.repeat(90)}.png`,
  ])('answers 404 for %s, which names no catalogue card', async (url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
  });

  it('answers 404 for an unknown card image', async () => {
    const response = await t.app.inject('/card-images/base_set-999');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('not-found');
  });
});

describe('catalogue API with CARD_IMAGES_DIR', () => {
  const scans = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'scans-'));
  fs.mkdirSync(path.join(scans, 'BaseSetImages'));
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  fs.writeFileSync(path.join(scans, 'BaseSetImages', 'Base_Charizard_4_102.png'), png);
  const t = useTestApp({ cardImagesDir: scans });

  it('serves an installed scan instead of the generated art', async () => {
    const response = await t.app.inject('/card-images/base_set-4');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it("serves the scan at the specification's path too, whichever of the extensions is asked for", async () => {
    for (const extension of ['png', 'webp']) {
      const response = await t.app.inject(`/BaseSetImages/Base_Charizard_4_102.${extension}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(png)).toBe(true);
    }
    const art = await t.app.inject('/BaseSetImages/Base_Blastoise_2_102.png');
    expect(art.headers['content-type']).toContain('image/svg+xml');
  });

  it('falls back to generated art for cards without a scan', async () => {
    const response = await t.app.inject('/card-images/base_set-2');
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
