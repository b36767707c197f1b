import fs from 'node:fs';
import path from 'node:path';

export interface MediaCopy {
  files: number;
  bytes: number;
}

/**
 * Copies the media folder's files that the target does not hold yet, and returns what the target holds.
 * Stored media files are content-addressed and never change once written (they appear by an atomic
 * rename), so a hard link is as good as a copy and costs no space; across file systems the file is copied.
 * Half-written `.tmp` files are skipped, and so is a file deleted while the copy runs (a replaced profile
 * picture). A file linked or copied before stays in the target whatever happens to the source.
 */
export async function copyMedia(source: string, target: string): Promise<MediaCopy> {
  await copyMissing(source, target);
  return totals(target);
}

async function copyMissing(source: string, target: string): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(source, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await fs.promises.mkdir(target, { recursive: true });
  for (const entry of entries) {
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) await copyMissing(from, to);
    else if (entry.isFile() && !entry.name.endsWith('.tmp') && !fs.existsSync(to)) await linkOrCopy(from, to);
  }
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await fs.promises.link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
    try {
      await fs.promises.copyFile(from, to);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code !== 'ENOENT') throw copyError;
    }
  }
}

async function totals(dir: string): Promise<MediaCopy> {
  const result: MediaCopy = { files: 0, bytes: 0 };
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return result;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = await totals(full);
      result.files += inner.files;
      result.bytes += inner.bytes;
    } else if (entry.isFile()) {
      result.files += 1;
      result.bytes += (await fs.promises.stat(full)).size;
    }
  }
  return result;
}
