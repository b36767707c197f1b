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

  it('falls back to generated art for cards without a scan', async () => {
    const response = await t.app.inject('/card-images/base_set-2');
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });
});
