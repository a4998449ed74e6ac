import { once } from 'node:events';

export interface OutStream extends NodeJS.WritableStream {
  readonly isTTY?: boolean;
  readonly columns?: number;
}

/**
 * stdout for results, honouring backpressure so `limbic export ada > big.jsonl` or
 * `limbic memories ada --all | less` never buffers a whole agent. A closed pipe ends the process
 * (see limbic.ts), so these promises simply stop there.
 */
export class Output {
  constructor(
    private readonly stream: OutStream,
    /** `--json`: one JSON document per command, JSON Lines for streams. */
    readonly json: boolean,
    /** Characters a table row may take. */
    readonly width: number,
  ) {}

  async write(text: string): Promise<void> {
    if (!this.stream.write(text)) await once(this.stream, 'drain');
  }

  async line(text = ''): Promise<void> {
    await this.write(`${text}\n`);
  }

  async lines(lines: readonly string[]): Promise<void> {
    if (lines.length > 0) await this.write(`${lines.join('\n')}\n`);
  }

  /** A command's whole result as one JSON document. */
  async document(value: unknown): Promise<void> {
    await this.line(JSON.stringify(value, null, 2));
  }

  /** One item of a stream as one line of JSON. */
  async jsonLine(value: unknown): Promise<void> {
    await this.line(JSON.stringify(value));
  }
}

/** A terminal's width; a pipe or file gets COLUMNS or 120, so piped tables stay readable. */
export function widthOf(stream: OutStream, env: NodeJS.ProcessEnv): number {
  if (stream.isTTY && stream.columns) return stream.columns;
  const fromEnv = Number(env.COLUMNS);
  return Number.isInteger(fromEnv) && fromEnv > 20 ? fromEnv : 120;
}
