import { DEFAULT_CONFIG, hopsConfig, profileConfig, type RecallConfig } from '../common/recall-configs';

/** Which of the user's two agents an arm asks: affect inferred by Limbic, or the annotated emotion passed. */
export type AgentKind = 'inferred' | 'explicit';

export interface Arm {
  readonly name: string;
  readonly agent: AgentKind;
  /** Whether the agent observes the user's turns of the context (after resetState) before recalling. */
  readonly observe: boolean;
  readonly description: string;
}

export const ARMS: readonly Arm[] = [
  { name: 'observe', agent: 'inferred', observe: true, description: 'production: affect inferred at encoding; per dialogue resetState, observe each user turn of the context, recall' },
  { name: 'no-observe', agent: 'inferred', observe: false, description: 'affect inferred at encoding; per dialogue resetState, recall directly' },
  { name: 'explicit-observe', agent: 'explicit', observe: true, description: 'annotated emotion passed as explicit affect (own agent); resetState, observe the user turns, recall' },
  { name: 'explicit-no-observe', agent: 'explicit', observe: false, description: 'annotated emotion passed as explicit affect (own agent); resetState, recall directly' },
];

/** The profiles the protocol asks for even when the running API lacks one (then reported n/a). */
export const REQUIRED_PROFILES = ['balanced', 'semantic', 'lexical', 'affective'] as const;

/** default, then every RecallProfile the API offers (introspected) and the required ones, by name. */
export function madialConfigs(apiProfiles: ReadonlySet<string>): RecallConfig[] {
  const names = [...new Set([...REQUIRED_PROFILES, ...apiProfiles])].sort();
  return [DEFAULT_CONFIG, ...names.map((n) => profileConfig(n))];
}

/** Run only when `--configs` names them: the default at a fixed spreading depth. */
export const EXPLORATIONS: readonly RecallConfig[] = [1, 2, 3].map(hopsConfig);
