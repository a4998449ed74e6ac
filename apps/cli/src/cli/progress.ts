import { SingleBar } from 'cli-progress';
import type { OutStream } from './output';

/** `999 B`, `12.3 kB`, `4.56 MB`: decimal units, three significant digits. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 'B';
  for (const u of units) {
    if (value < 1000) break;
    value /= 1000;
    unit = u;
  }
  return `${value.toPrecision(3)} ${unit}`;
}

export interface TransferMeter {
  update(bytes: number, lines?: number): void;
  stop(): void;
}

const SILENT: TransferMeter = { update: () => undefined, stop: () => undefined };

/**
 * A progress bar on stderr while bytes move, only when stderr is a terminal (a log or a pipe
 * gets nothing). With a known total (an import from a file) it is a bar; an export's size is
 * unknown until it ends, so it counts bytes and lines.
 */
export function transferMeter(stream: OutStream, label: string, totalBytes: number | null): TransferMeter {
  if (!stream.isTTY) return SILENT;
  const known = totalBytes !== null && totalBytes > 0;
  const bar = new SingleBar({
    stream,
    format: known ? `${label} [{bar}] {percentage}% | {done} of {size}` : `${label} {done} · {lines} lines`,
    hideCursor: true,
    clearOnComplete: false,
    barsize: 30,
  });
  bar.start(known ? totalBytes : 1, 0, { done: formatBytes(0), size: formatBytes(totalBytes ?? 0), lines: 0 });
  let lastLines = 0;
  return {
    update(bytes, lines) {
      lastLines = lines ?? lastLines;
      bar.update(known ? Math.min(bytes, totalBytes) : 0, { done: formatBytes(bytes), lines: lastLines });
    },
    stop() {
      bar.stop();
    },
  };
}
