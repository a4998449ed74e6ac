import { DEFAULT_CONFIG, hopsConfig, profileConfig, type RecallConfig } from '../common/recall-configs';

/** Signals the "affect and state off" ablation zeroes (DESIGN §4: affect = mood, affect, momentum, intensity; state = goals, priming). */
export const AFFECT_STATE_SIGNALS = ['moodCongruence', 'affectProximity', 'momentumAlignment', 'emotionalIntensity', 'goalRelevance', 'priming'] as const;

/** Exploration for tuning `balanced`: a fixed weight override (not mood-adapted). */
const fixed = (name: string, description: string, weights: Record<string, number>): RecallConfig => ({
  name,
  description,
  plan: (caps) => (caps.recallFields.has('weights') ? { input: { weights } } : { unavailable: 'RecallInput has no weights' }),
});

export const RECALL_CONFIGS: readonly RecallConfig[] = [
  DEFAULT_CONFIG,
  profileConfig('balanced'),
  profileConfig('semantic', 'ablation: profile semantic (cosine only)'),
  profileConfig('lexical', 'ablation: profile lexical (fulltext BM25 only)'),
  {
    name: 'no-affect-state',
    description: `ablation: the default's weights for the same query with ${AFFECT_STATE_SIGNALS.join(', ')} set to 0 (passed as weights)`,
    plan: (caps, def) => {
      if (!caps.recallFields.has('weights')) return { unavailable: 'RecallInput has no weights' };
      if (!def?.weights) return { unavailable: 'RecallResult reports no weights' };
      const weights = Object.fromEntries(
        Object.entries(def.weights).filter(([k]) => caps.weightFields.has(k)).map(([k, v]) => [k, (AFFECT_STATE_SIGNALS as readonly string[]).includes(k) ? 0 : v]),
      );
      if (Object.values(weights).every((v) => v === 0)) return { unavailable: 'the default weights are all affect/state' };
      return { input: { weights } };
    },
  },
  fixed('sem-lex', 'exploration: weights semantic .5, lexical .5', { semantic: 0.5, lexical: 0.5 }),
  fixed('res-50', 'exploration: weights semantic .25, lexical .25, resonance .5', { semantic: 0.25, lexical: 0.25, resonance: 0.5 }),
  ...[1, 2, 3].map(hopsConfig),
  {
    name: 'no-spread',
    description: 'ablation: default with spreading activation off (spread.enabled false)',
    plan: (caps) => (caps.spreadFields.has('enabled') ? { input: { spread: { enabled: false } } } : { unavailable: 'RecallInput has no spread.enabled' }),
  },
];
