import { hasLearned, minutesSinceLastInteraction, openSessionAt, presetOf, sessionMinutes, startingWeights, stateAt, storedLearning } from '@limbic/affect';
import { decodeAgentState, type AgentRecord } from '@limbic/graph';
import { toAffect } from '../common/graphql-types';
import { toLearnedWeights } from '../feedback/utils/to-learned-weights';
import { toSignalVector } from '../recall/utils/to-signal-vector';
import { AgentPreset, type Agent } from './dto/agent.types';

/** The agent as it is at `now`: mood relaxed and energy recovered lazily. */
export function toAgent(a: AgentRecord, now: number = Date.now()): Agent {
  const state = decodeAgentState(a);
  const preset = presetOf(a.preset);
  const current = stateAt(state, now, preset);
  const learned = storedLearning(a.learnedWeights, a.weights);
  const session = openSessionAt(state.session, now, preset.sessionGapMinutes);
  return {
    id: a.id,
    preset: (Object.values(AgentPreset) as string[]).includes(a.preset) ? (a.preset as AgentPreset) : AgentPreset.agent,
    createdAt: new Date(a.createdAt),
    affect: toAffect([state.affect.valence, state.affect.arousal, state.affect.dominance]),
    mood: toAffect([current.mood.valence, current.mood.arousal, current.mood.dominance]),
    momentum: { ...state.momentum },
    energy: current.energy,
    timeZone: a.timeZone,
    session: session === null ? null : { startedAt: new Date(session.startedAtMs), interactions: session.interactions, minutes: sessionMinutes(session, now) },
    sinceLastInteractionMinutes: minutesSinceLastInteraction(state.session, now),
    weights: hasLearned(learned) ? toSignalVector(startingWeights('open', learned, preset.profile)) : null,
    learnedWeights: toLearnedWeights(learned, preset.profile),
  };
}
