import type { ProgressPhase } from './runner.js';

const BAR_WIDTH = 24;
const PHASE_LABELS: Record<ProgressPhase, string> = { parse: 'parsing', analyse: 'analysing', rewrite: 'rewriting' };

/** One line of progress, e.g. `parsing   [#########---------------]  120/320`. Pure: the bar's only source of text. */
export function renderProgress(done: number, total: number, phase: ProgressPhase): string {
  const label = PHASE_LABELS[phase].padEnd(9);
  if (phase === 'analyse') return `${label} callers and handlers...`;
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * BAR_WIDTH);
  const count = `${done}/${total}`.padStart(2 * String(total).length + 1);
  return `${label} [${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${count}`;
}

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressBar {
  update(done: number, total: number, phase: ProgressPhase): void;
  /** Erase the bar (if it was ever drawn) so that the report starts on a clean line. */
  finish(): void;
}

export interface ProgressBarOptions {
  /** Draw nothing until the run has taken this long (a short run never shows a bar). Default 1000 ms. */
  delayMs?: number;
  /** Redraw at most this often. Default 100 ms. */
  intervalMs?: number;
  now?: () => number;
}

/**
 * A progress bar for an interactive terminal: on a stream that is not a TTY it never writes, so logs and CI
 * output stay clean; on a TTY it appears only once the run is long, and redraws one line in place.
 */
export function createProgressBar(stream: ProgressStream, options: ProgressBarOptions = {}): ProgressBar {
  const now = options.now ?? (() => performance.now());
  const delayMs = options.delayMs ?? 1000;
  const intervalMs = options.intervalMs ?? 100;
  const started = now();
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    update(done, total, phase) {
      if (!stream.isTTY) return;
      const at = now();
      const last = phase !== 'analyse' && done === total;
      if (at - started < delayMs || (at - lastDraw < intervalMs && !last)) return;
      lastDraw = at;
      drawn = true;
      stream.write(`\r\x1b[2K${renderProgress(done, total, phase)}`);
    },
    finish() {
      if (drawn) stream.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
