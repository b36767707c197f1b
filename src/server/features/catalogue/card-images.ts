import fs from 'node:fs/promises';
import path from 'node:path';
import { type Card, staticImageBaseName } from '#shared/catalogue.ts';
import { renderCardArt } from './card-art.ts';

const SCAN_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
};

export interface CardImage {
  body: Buffer | string;
  contentType: string;
}

/** A licensed scan dropped into CARD_IMAGES_DIR wins over the generated art. */
export async function loadCardImage(card: Card, cardImagesDir: string | undefined): Promise<CardImage> {
  if (cardImagesDir) {
    const base = path.join(cardImagesDir, staticImageBaseName(card));
    for (const [extension, contentType] of Object.entries(SCAN_TYPES)) {
      try {
        return { body: await fs.readFile(`${base}${extension}`), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
  }
  return { body: renderCardArt(card), contentType: 'image/svg+xml; charset=utf-8' };
}
