import { calibrateCosine, cosineSimilarity, planLinks, REFERENCE_COSINE_SCALE } from '@limbic/affect';
import type { ChainLink, ChainNeighbour, ChainPosition } from '@limbic/graph';

/**
 * The edge that keeps an agent's temporal chain whole when a memory in its middle is hard
 * deleted: its chain predecessor (the neighbour just before it in (occurredAt, id) order) is
 * joined to its chain successor, in the direction the predecessor's edge ran, weighted the
 * way encode weighs an edge to a predecessor (cosine on the reference scale of the embedder's
 * `cosineScale`, as encode's). Null at either end of the chain.
 */
export function planChainRelink(position: ChainPosition, cosineScale: number = REFERENCE_COSINE_SCALE): ChainLink | null {
  const before = (n: ChainNeighbour): boolean =>
    n.occurredAt < position.occurredAt || (n.occurredAt === position.occurredAt && n.id < position.memoryId);
  const later = (a: ChainNeighbour, b: ChainNeighbour): boolean => a.occurredAt > b.occurredAt || (a.occurredAt === b.occurredAt && a.id > b.id);
  let predecessor: ChainNeighbour | null = null;
  let successor: ChainNeighbour | null = null;
  for (const n of position.neighbours) {
    if (before(n)) {
      if (!predecessor || later(n, predecessor)) predecessor = n;
    } else if (!successor || later(successor, n)) {
      successor = n;
    }
  }
  if (!predecessor || !successor) return null;
  const [link] = planLinks(
    { content: '', affect: affectOf(successor), occurredAtMs: successor.occurredAt },
    [],
    {
      id: predecessor.id,
      cosine: calibrateCosine(cosineSimilarity(predecessor.embedding, successor.embedding), cosineScale),
      affect: affectOf(predecessor),
      occurredAtMs: predecessor.occurredAt,
    },
  );
  if (!link) return null;
  // `outgoing` is seen from the deleted memory: false means the edge ran predecessor → memory.
  return predecessor.outgoing
    ? { fromId: successor.id, toId: predecessor.id, weight: link.weight }
    : { fromId: predecessor.id, toId: successor.id, weight: link.weight };
}

function affectOf(n: ChainNeighbour): { valence: number; arousal: number; dominance: number } {
  return { valence: n.valence, arousal: n.arousal, dominance: n.dominance };
}
