import { once } from 'node:events';
import fs from 'node:fs';

/**
 * The rejects file beside the input: one JSON object per line, `{ line, reason, record }`. It is created on
 * the first rejected row; an import without rejects removes the file an earlier run left, so the file
 * always describes the latest run.
 */
export class RejectsFile {
  private stream: fs.WriteStream | undefined;

  constructor(private readonly file: string | undefined) {}

  async write(entry: { line: number; reason: string; record: unknown }): Promise<void> {
    if (!this.file) return;
    this.stream ??= fs.createWriteStream(this.file, { flags: 'w' });
    if (!this.stream.write(`${JSON.stringify(entry)}\n`)) await once(this.stream, 'drain');
  }

  /** Finishes the file; returns its path when any row was written to it. */
  async close(): Promise<string | undefined> {
    if (!this.file) return undefined;
    if (!this.stream) {
      await fs.promises.rm(this.file, { force: true });
      return undefined;
    }
    const stream = this.stream;
    await new Promise<void>((resolve, reject) => {
      stream.once('error', reject);
      stream.end(resolve);
    });
    return this.file;
  }
}
