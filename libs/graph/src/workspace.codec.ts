import { EMPTY_WORKSPACE, type WorkspaceState } from '@limbic/affect';
import { num, strList } from './records';

/**
 * The agent's global workspace from its node's properties (already plain: datetimes as epoch
 * millis): focusId, focusScore, focusSince, focusExpiresAt, focusSuppressed. An agent that
 * never held a focus, or whose properties are incomplete, has an empty workspace.
 */
export function decodeWorkspace(agent: Readonly<Record<string, unknown>>): WorkspaceState {
  const focusId = agent.focusId;
  if (typeof focusId !== 'string' || typeof agent.focusSince !== 'number' || typeof agent.focusExpiresAt !== 'number') return EMPTY_WORKSPACE;
  return {
    focusId,
    score: num(agent.focusScore),
    sinceMs: agent.focusSince,
    expiresAtMs: agent.focusExpiresAt,
    suppressed: Array.isArray(agent.focusSuppressed) ? strList(agent.focusSuppressed) : [],
  };
}
