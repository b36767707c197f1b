import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { DatabaseHandle } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { deleteMediaUnlessUsed, insertMedia, lockImage } from './media.repository.ts';

/** Uploads larger than this are refused before any decoding. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoding stops past this many pixels, so a tiny file cannot claim gigapixels (a pixel flood). */
const MAX_IMAGE_PIXELS = 40_000_000;

const HASH = /^[a-f0-9]{64}$/;

export interface StoredImage {
  hash: string;
  width: number;
  height: number;
  bytes: number;
  mime: 'image/webp';
}

export interface ImageOptions {
  /** The stored image fits inside this box; smaller images are not enlarged. */
  maxWidth: number;
  maxHeight: number;
}

export function mediaUrl(hash: string | null | undefined): string | null {
  return hash ? `/media/${hash}` : null;
}

/**
 * Content-addressed images on disk (DATA_DIR/media). Every image is decoded and re-encoded to WebP, which
 * drops metadata and anything that is not pixels (scripts in SVG, trailing payloads in disguised files).
 */
export class MediaStore {
  private readonly root: string;

  constructor(
    dataDir: string,
    private readonly database: DatabaseHandle,
  ) {
    this.root = path.join(dataDir, 'media');
  }

  async putImage(input: Buffer, options: ImageOptions): Promise<StoredImage> {
    const image = await encode(input, options);
    await this.writeFile(image);
    await insertMedia(this.database.db, image.stored);
    return image.stored;
  }

  /**
   * Stores an image as the new value of one reference (a profile picture) and lets go of the image it
   * replaces when nothing else shows it. `point` sets the reference in the transaction and returns the hash
   * it held before. The new image's row and reference are written under the image's lock, and its file is
   * written again afterwards, so a removal of the same image running at that moment cannot take it away.
   */
  async replaceImage(
    input: Buffer,
    options: ImageOptions,
    point: (trx: Kysely<Database>, hash: string) => Promise<string | null>,
  ): Promise<StoredImage> {
    const image = await encode(input, options);
    const { hash } = image.stored;
    await this.writeFile(image);
    const previous = await this.database.db.transaction().execute(async (trx) => {
      await lockImage(trx, this.database.dialect, hash);
      await insertMedia(trx, image.stored);
      return point(trx, hash);
    });
    await this.writeFile(image);
    if (previous && previous !== hash) await this.removeUnlessUsed(previous);
    return image.stored;
  }

  /** Deletes an image's row and file when nothing shows it any more. */
  private async removeUnlessUsed(hash: string): Promise<void> {
    await this.database.db.transaction().execute(async (trx) => {
      await lockImage(trx, this.database.dialect, hash);
      if (await deleteMediaUnlessUsed(trx, hash)) await fs.promises.rm(this.fileFor(hash), { force: true });
    });
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  private async writeFile({ stored, data }: EncodedImage): Promise<void> {
    const file = this.fileFor(stored.hash);
    if (fs.existsSync(file)) return;
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.writeFile(temporary, data);
    await fs.promises.rename(temporary, file);
  }

  /** The stored file of a hash, or undefined when there is none. */
  async locate(hash: string): Promise<{ file: string; bytes: number } | undefined> {
    if (!HASH.test(hash)) return undefined;
    const file = this.fileFor(hash);
    try {
      const stat = await fs.promises.stat(file);
      return { file, bytes: stat.size };
    } catch {
      return undefined;
    }
  }

  private fileFor(hash: string): string {
    return path.join(this.root, hash.slice(0, 2), hash.slice(2, 4), `${hash}.webp`);
  }
}

interface EncodedImage {
  stored: StoredImage;
  data: Buffer;
}

/** The upload re-encoded as WebP, named by the SHA-256 of the result. */
async function encode(input: Buffer, options: ImageOptions): Promise<EncodedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) {
    throw new AppError(
      413,
      'payload-too-large',
      'That image is larger than 10 MB. Please choose a smaller one.',
    );
  }
  const { data, info } = await reencode(input, options);
  const hash = crypto.createHash('sha256').update(data).digest('hex');
  return {
    stored: { hash, width: info.width, height: info.height, bytes: data.byteLength, mime: 'image/webp' },
    data,
  };
}

async function reencode(input: Buffer, options: ImageOptions) {
  try {
    return await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: options.maxWidth, height: options.maxHeight, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    const message = (error as Error).message ?? '';
    if (/pixel limit/i.test(message)) {
      throw new AppError(
        413,
        'payload-too-large',
        'That image has too many pixels. Please choose a smaller one.',
      );
    }
    throw new AppError(
      415,
      'unsupported-media-type',
      'That file is not an image we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
}
