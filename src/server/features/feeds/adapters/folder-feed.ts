import fs from 'node:fs';
import path from 'node:path';
import type { FolderSettings } from '#shared/schemas/feeds.ts';
import type { FeedAdapterRun, FeedSink, RunCounts } from './feed-adapter.ts';
import { importFileRecords } from './file-records.ts';

type Outcome = 'done' | 'failed';

/**
 * Where the run is: inside a file (with the run's counts before the file, to judge it at its end), or past it
 * and about to move it to `outcome`.
 */
type FolderPosition = { file: string; line: number; before: RunCounts } | { file: string; outcome: Outcome };

/** Files still being written: a sender writes under a hidden or .partial name and renames when complete. */
function isReadyFile(name: string): boolean {
  return !name.startsWith('.') && !/\.(partial|tmp|part)$/i.test(name);
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await fs.promises.readdir(folder, { withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && isReadyFile(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/** Moves the file into done/ or failed/, keeping an earlier file of the same name there. */
async function moveTo(folder: string, name: string, outcome: Outcome): Promise<void> {
  const from = path.join(folder, name);
  if (!fs.existsSync(from)) return;
  let to = path.join(folder, outcome, name);
  if (fs.existsSync(to))
    to = path.join(folder, outcome, `${new Date().toISOString().replace(/[:.]/g, '-')}-${name}`);
  await fs.promises.rename(from, to);
}

/**
 * A file failed when it could not be read, or when none of its rows was a sale (stored, or stored before):
 * a file of nothing but refusals is not a sales file, or not one for this folder.
 */
function outcomeOf(before: RunCounts, after: RunCounts): Outcome {
  const sales = after.stored + after.duplicates - before.stored - before.duplicates;
  return sales === 0 && after.refused > before.refused ? 'failed' : 'done';
}

async function importOne(
  sink: FeedSink,
  folder: string,
  name: string,
  resumeAfterLine: number,
  before: RunCounts,
  progress: { done: number; total: number },
  signal: AbortSignal,
): Promise<Outcome> {
  try {
    const after = await importFileRecords(sink, {
      file: path.join(folder, name),
      format: undefined,
      resumeAfterLine,
      positionAt: (line) => ({ file: name, line, before }),
      progressAt: () => progress,
      signal,
    });
    return outcomeOf(before, after);
  } catch (error) {
    signal.throwIfAborted();
    await sink.recordError(`${name} could not be read: ${(error as Error).message}`);
    return 'failed';
  }
}

/**
 * A drop folder (docs/product.md §2 Feeds): every file that appears in FEEDS_DIR/<folder> is imported once,
 * oldest name first, and then moved to done/ or failed/ beside it. The move comes after the checkpoint that
 * says so, so a run resumed after a crash finishes the move instead of importing the file again.
 */
export const runFolderFeed: FeedAdapterRun<FolderSettings> = async (input, sink) => {
  const folder = path.join(input.config.feedsDir, input.settings.folder);
  for (const outcome of ['done', 'failed'])
    await fs.promises.mkdir(path.join(folder, outcome), { recursive: true });
  const resume = input.resumeFrom as FolderPosition | null;
  const files = await filesIn(folder);
  let counts = await sink.checkpoint(resume ?? { file: '', outcome: 'done' }, {
    done: 0,
    total: files.length,
  });
  for (const [index, name] of files.entries()) {
    input.signal.throwIfAborted();
    let outcome: Outcome;
    if (resume?.file === name && 'outcome' in resume) {
      outcome = resume.outcome;
    } else {
      const resumed = resume?.file === name && 'line' in resume ? resume : undefined;
      outcome = await importOne(
        sink,
        folder,
        name,
        resumed?.line ?? 0,
        resumed?.before ?? counts,
        { done: index, total: files.length },
        input.signal,
      );
    }
    counts = await sink.checkpoint({ file: name, outcome }, { done: index + 1, total: files.length });
    await moveTo(folder, name, outcome);
  }
  return { state: {} };
};
