const BAR_WIDTH = 30;
const REDRAW_MS = 100;

/**
 * A one-line progress bar on stderr. On a terminal it redraws in place; in a log (not a terminal) it
 * writes a line at every tenth of the way.
 */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  let lastDraw = 0;
  let lastTenth = 0;
  let drawn = false;
  return {
    update(done: number, total: number, detail: string): void {
      const fraction = total > 0 ? Math.min(1, done / total) : 0;
      if (!stream.isTTY) {
        const tenth = Math.floor(fraction * 10);
        if (tenth > lastTenth) {
          lastTenth = tenth;
          stream.write(`${label} ${String(tenth * 10).padStart(3)}% ${detail}\n`);
        }
        return;
      }
      const now = Date.now();
      if (now - lastDraw < REDRAW_MS && fraction < 1) return;
      lastDraw = now;
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
      stream.write(`\r${label} ${bar} ${String(Math.floor(fraction * 100)).padStart(3)}% ${detail}\x1b[K`);
      drawn = true;
    },
    finish(): void {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
