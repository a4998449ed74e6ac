import type { Command } from 'commander';
import type { LimbicClient, LimbicClientOptions } from '@limbic/client';
import { Output, widthOf, type OutStream } from './output';

/** What the CLI touches outside itself, so unit specs can run commands against fakes. */
export interface CliIo {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  readonly stdin: NodeJS.ReadableStream;
  readonly env: NodeJS.ProcessEnv;
  readonly createClient: (options: LimbicClientOptions) => LimbicClient;
}

export interface GlobalOptions {
  readonly url: string;
  readonly apiKey?: string;
  readonly json: boolean;
}

/** One command's view of the world: the client its global options describe and its output. */
export class CliContext {
  readonly out: Output;
  private client?: LimbicClient;

  constructor(
    readonly io: CliIo,
    readonly options: GlobalOptions,
  ) {
    this.out = new Output(io.stdout, options.json, widthOf(io.stdout, io.env));
  }

  static of(io: CliIo, command: Command): CliContext {
    const o = command.optsWithGlobals<{ url: string; apiKey?: string; json?: boolean }>();
    return new CliContext(io, { url: o.url, apiKey: o.apiKey, json: o.json === true });
  }

  get api(): LimbicClient {
    this.client ??= this.io.createClient({ url: this.options.url, apiKey: this.options.apiKey });
    return this.client;
  }
}
