import fs from 'node:fs';
import path from 'node:path';

export interface MediaCopy {
  files: number;
  bytes: number;
}

/**
 * Copies the media folder. Stored media files are content-addressed and never change once written (they
 * appear by an atomic rename), so a hard link is as good as a copy and costs no space; across file systems
 * the file is copied. Half-written `.tmp` files are skipped.
 */
export async function copyMedia(source: string, target: string): Promise<MediaCopy> {
  const result: MediaCopy = { files: 0, bytes: 0 };
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(source, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  await fs.promises.mkdir(target, { recursive: true });
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      const inner = await copyMedia(from, to);
      result.files += inner.files;
      result.bytes += inner.bytes;
    } else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
      await linkOrCopy(from, to);
      result.files += 1;
      result.bytes += (await fs.promises.stat(to)).size;
    }
  }
  return result;
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    await fs.promises.copyFile(from, to);
  }
}
