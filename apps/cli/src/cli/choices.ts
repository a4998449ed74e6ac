import type { operations } from '@limbic/client';

type Exhaustive<Union, List extends readonly string[]> = [Exclude<Union, List[number]>] extends [never] ? List : never;

// The API's enums, spelled out for commander's `choices`; the Exhaustive check breaks the build
// when the schema gains a value the CLI does not offer.
const presets = ['academic', 'agent', 'enterprise', 'npc', 'personal'] as const satisfies readonly operations.AgentPreset[];
export const PRESETS: Exhaustive<operations.AgentPreset, typeof presets> = presets;

const profiles = ['affective', 'balanced', 'lexical', 'salience', 'semantic', 'state'] as const satisfies readonly operations.RecallProfile[];
export const PROFILES: Exhaustive<operations.RecallProfile, typeof profiles> = profiles;

export const ARCHIVED = { live: 'LIVE', archived: 'ARCHIVED', all: 'ALL' } as const satisfies Record<string, operations.ArchivedFilter>;
export const FEEDBACK = { used: 'USED', ignored: 'IGNORED' } as const satisfies Record<string, operations.FeedbackSignal>;
