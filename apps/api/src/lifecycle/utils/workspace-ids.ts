import type { PortableRecord } from '@limbic/graph';

/** The agent properties of its global workspace (recall-effects.apply-agent). */
const WORKSPACE_PROPS = ['focusId', 'focusScore', 'focusSince', 'focusExpiresAt', 'focusSuppressed', 'focusAt'] as const;

/**
 * The agent line with its global workspace naming the imported memories' new ids: the focus
 * follows its memory, suppressed competitors that are not in the file are dropped, and a
 * focus whose memory is not in the file empties the workspace (every focus property removed).
 */
export function workspaceFollowingIds(agent: PortableRecord, newIdOf: (exportedId: string) => string | undefined): PortableRecord {
  const focusId = agent.props.focusId;
  if (focusId === undefined || focusId === null) return agent;
  const props: Record<string, PortableRecord['props'][string]> = { ...agent.props };
  const types: Record<string, PortableRecord['types'][string]> = { ...agent.types };
  const focus = typeof focusId === 'string' ? newIdOf(focusId) : undefined;
  if (focus === undefined) {
    for (const k of WORKSPACE_PROPS) {
      delete props[k];
      delete types[k];
    }
    return { props, types };
  }
  props.focusId = focus;
  const suppressed = agent.props.focusSuppressed;
  if (Array.isArray(suppressed)) {
    props.focusSuppressed = suppressed.flatMap((x) => {
      const id = typeof x === 'string' ? newIdOf(x) : undefined;
      return id === undefined ? [] : [id];
    });
  }
  return { props, types };
}
