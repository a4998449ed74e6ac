import type { Capabilities, RecallAnswer } from './limbic-api';

export type Plan = { readonly input: Record<string, unknown> } | { readonly unavailable: string };

/**
 * One way of calling recall. `plan` turns the API's capabilities (and, for ablations of the
 * default, the default's answer to the same question) into the extra RecallInput fields, or
 * says why the running API cannot express it (reported as n/a).
 */
export interface RecallConfig {
  readonly name: string;
  readonly description: string;
  plan(caps: Capabilities, defaultAnswer: RecallAnswer | null): Plan;
}

/** Limbic as shipped; the other configurations are read against it. */
export const DEFAULT_CONFIG: RecallConfig = {
  name: 'default',
  description: 'Limbic as shipped: no profile, no weights (learned, else routed, else balanced)',
  plan: () => ({ input: {} }),
};

/** Recall with one named RecallProfile, n/a when the running API has no such profile. */
export const profileConfig = (name: string, description = `profile ${name}`): RecallConfig => ({
  name,
  description,
  plan: (caps) =>
    !caps.recallFields.has('profile')
      ? { unavailable: 'RecallInput has no profile' }
      : !caps.profiles.has(name)
        ? { unavailable: `RecallProfile has no ${name}` }
        : { input: { profile: name } },
});

/** The default with spreading fixed at `hops` hops (seeds as the default's): what the default's depth costs or buys. */
export const hopsConfig = (hops: number): RecallConfig => ({
  name: `hops-${hops}`,
  description: `exploration: default with spreading fixed at ${hops} hop${hops > 1 ? 's' : ''} (spread.hops)`,
  plan: (caps) => (caps.spreadFields.has('hops') ? { input: { spread: { hops } } } : { unavailable: 'RecallInput has no spread.hops' }),
});
