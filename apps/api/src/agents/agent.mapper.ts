import type { AgentRecord } from '@limbic/graph';
import { toAffect } from '../common/graphql-types';
import { AgentPreset, type Agent } from './dto/agent.types';

export function toAgent(a: AgentRecord): Agent {
  return {
    id: a.id,
    preset: (Object.values(AgentPreset) as string[]).includes(a.preset) ? (a.preset as AgentPreset) : AgentPreset.agent,
    createdAt: new Date(a.createdAt),
    affect: toAffect(a.affect),
    mood: toAffect(a.mood),
    energy: a.energy,
  };
}
