import fs from 'node:fs/promises';
import path from 'node:path';
import { allCards, type Card, staticImageBaseName } from '#shared/catalogue.ts';
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

/** Every catalogue card by its image's name without the extension: `BaseSetImages/Base_Charizard_4_102`. */
const CARDS_BY_IMAGE_NAME = new Map(allCards().map((card) => [staticImageBaseName(card), card]));

/**
 * The card whose image the specification's path names (`BaseSetImages`, `Base_Charizard_4_102.png`), with
 * any of the scan extensions; undefined when it names no catalogue card.
 */
export function cardOfImagePath(folder: string, file: string): Card | undefined {
  const extension = path.extname(file);
  if (!(extension in SCAN_TYPES)) return undefined;
  return CARDS_BY_IMAGE_NAME.get(`${folder}/${file.slice(0, -extension.length)}`);
}
