import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { intOption as int } from '../common/args';
import { parseEmbedderChoice, type EmbedderChoice } from '../common/bench-embedder';
import { ARMS, type Arm } from './arms';

export const HELP = `MADial-Bench retrieval benchmark for Limbic (dev half: user 1)

  node dist/bench/madial/run.js [options]     (npm run bench:madial -- [options])

  --url URL              GraphQL endpoint of the running API (default http://127.0.0.1:4000/graphql)
  --api-key KEY          bearer key, when the API runs with LIMBIC_API_KEYS
  --embedder KIND        auto | local | hash: the embedder of the in-process cosine baseline; use the
                         server's (default auto: same rule and environment as the server)
  --data DIR             folder with memory.jsonl and dialogue.jsonl (default <repo>/../shared/bench/madial-dev;
                         never copy it into the repo)
  --arms NAMES           comma-separated arms (default: ${ARMS.map((a) => a.name).join(',')})
  --configs NAMES        comma-separated configurations: default, profile names, hops-1..3 (default: default and every profile)
  --max-dialogues N      only the first N dialogues (smoke runs)
  --baselines-only       do not talk to the API
  --preset NAME          agent preset for createAgent (default: the API's default)
  --appraisal MODE       wait (default): wait for an external worker to appraise every memory;
                         spawn: start dist/apps/worker for the encoding phase only and stop it before
                         recalling (give the bench the API's LIMBIC_QUEUE_PREFIX); skip: do not wait
  --appraisal-timeout S  give up waiting for appraisal after S seconds (default 300)
  --now ISO              recall at this moment (default: unset, the server's clock, as observe uses it)
  --stopwords on|off     English stop words in the BM25 tokenizer (default on)
  --keep-agents          keep the run's agents (default: delete them at the end)
  --run-id ID            suffix of the agent ids (default: random)
  --out DIR              results folder (default <repo>/bench/results)
`;

export type AppraisalMode = 'wait' | 'spawn' | 'skip';

export interface Options {
  readonly url: string;
  readonly apiKey: string | undefined;
  readonly embedder: EmbedderChoice;
  readonly data: string;
  readonly arms: readonly Arm[];
  /** Configuration names to run; null: all. */
  readonly configs: ReadonlySet<string> | null;
  readonly maxDialogues: number;
  readonly baselinesOnly: boolean;
  readonly preset: string | undefined;
  readonly appraisal: AppraisalMode;
  readonly appraisalTimeoutS: number;
  readonly now: string | undefined;
  readonly stopwords: boolean;
  readonly keepAgents: boolean;
  readonly runId: string;
  readonly out: string;
}

export function parseOptions(root: string, argv: readonly string[] = process.argv.slice(2)): Options {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      url: { type: 'string', default: 'http://127.0.0.1:4000/graphql' },
      'api-key': { type: 'string' },
      embedder: { type: 'string', default: 'auto' },
      data: { type: 'string', default: resolve(root, '..', 'shared', 'bench', 'madial-dev') },
      arms: { type: 'string' },
      configs: { type: 'string' },
      'max-dialogues': { type: 'string', default: '0' },
      'baselines-only': { type: 'boolean', default: false },
      preset: { type: 'string' },
      appraisal: { type: 'string', default: 'wait' },
      'appraisal-timeout': { type: 'string', default: '300' },
      now: { type: 'string' },
      stopwords: { type: 'string', default: 'on' },
      'keep-agents': { type: 'boolean', default: false },
      'run-id': { type: 'string' },
      out: { type: 'string', default: join(root, 'bench', 'results') },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    process.exit(0);
  }
  const wanted = values.arms?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = wanted?.filter((n) => !ARMS.some((a) => a.name === n)) ?? [];
  if (unknown.length) throw new Error(`unknown --arms ${unknown.join(', ')} (known: ${ARMS.map((a) => a.name).join(', ')})`);
  const appraisal = values.appraisal;
  if (appraisal !== 'wait' && appraisal !== 'spawn' && appraisal !== 'skip') throw new Error('--appraisal must be wait, spawn or skip');
  if (values.now !== undefined && Number.isNaN(Date.parse(values.now))) throw new Error('--now must be an ISO date-time');
  return {
    url: values.url,
    apiKey: values['api-key'],
    embedder: parseEmbedderChoice(values.embedder),
    data: resolve(values.data),
    arms: wanted ? ARMS.filter((a) => wanted.includes(a.name)) : [...ARMS],
    configs: values.configs ? new Set(values.configs.split(',').map((s) => s.trim()).filter(Boolean)) : null,
    maxDialogues: int('max-dialogues', values['max-dialogues'], 0),
    baselinesOnly: values['baselines-only'],
    preset: values.preset,
    appraisal,
    appraisalTimeoutS: int('appraisal-timeout', values['appraisal-timeout'], 0),
    now: values.now,
    stopwords: values.stopwords !== 'off',
    keepAgents: values['keep-agents'],
    runId: values['run-id'] ?? `${new Date().toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(3).toString('hex')}`,
    out: resolve(values.out),
  };
}
