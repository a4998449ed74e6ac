import { describe, expect, it } from '@jest/globals';
import { edgeWidth, isEdgeType } from './edges';
import { edgePath, fitInto, parallelOffsets } from './fit';
import { pathGraph } from './paths';
import { segments } from './signals';

const zero = { semantic: 0, lexical: 0, moodCongruence: 0, affectProximity: 0, momentumAlignment: 0, emotionalIntensity: 0, recency: 0, frequency: 0, importance: 0, goalRelevance: 0, priming: 0, resonance: 0, circadianCongruence: 0, sessionContext: 0, speaker: 0, namedTime: 0, episodeLexical: 0 };

describe('graph and bar helpers', () => {
  it('stacks the positive weighted signals in legend order', () => {
    const s = segments({ ...zero, recency: 0.1, semantic: 0.3, resonance: 0.05, lexical: -0.2 });
    expect(s.map((x) => [x.key, x.offset, x.value])).toEqual([
      ['semantic', 0, 0.3],
      ['recency', 0.3, 0.1],
      ['resonance', 0.4, 0.05],
    ]);
  });

  it('fits points into a box keeping their aspect, one point in the middle', () => {
    const fit = fitInto(new Map([['a', { x: -10, y: 0 }], ['b', { x: 10, y: 5 }]]), 220, 120, 10);
    expect(fit.get('a')).toEqual({ x: 10, y: 35 });
    expect(fit.get('b')).toEqual({ x: 210, y: 85 });
    expect(fitInto(new Map([['only', { x: 3, y: 4 }]]), 100, 50, 5).get('only')).toEqual({ x: 50, y: 25 });
    expect(fitInto(new Map(), 100, 50, 5).size).toBe(0);
  });

  it('joins activation paths into one graph: each hop once, through-memories unranked, seeds marked', () => {
    const g = pathGraph([
      { memoryId: 's', rank: 1, activation: null },
      { memoryId: 'b', rank: 2, activation: { seedId: 's', path: ['s', 'via', 'b'], edgeTypes: ['TEMPORAL', 'SEMANTIC'], activation: 0.3 } },
      { memoryId: 'c', rank: 3, activation: { seedId: 's', path: ['s', 'via', 'c'], edgeTypes: ['TEMPORAL', 'CAUSAL'], activation: 0.5 } },
      { memoryId: 'd', rank: 4, activation: { seedId: 'd', path: ['d'], edgeTypes: [], activation: 0.9 } },
    ]);
    expect(g.nodes).toEqual([
      { id: 's', rank: 1, seed: true },
      { id: 'b', rank: 2, seed: false },
      { id: 'c', rank: 3, seed: false },
      { id: 'd', rank: 4, seed: true },
      { id: 'via', rank: null, seed: false },
    ]);
    expect(g.edges).toEqual([
      { from: 's', to: 'via', type: 'TEMPORAL', activation: 0.5 },
      { from: 'via', to: 'b', type: 'SEMANTIC', activation: 0.3 },
      { from: 'via', to: 'c', type: 'CAUSAL', activation: 0.5 },
    ]);
  });

  it('draws weight as width within 1 … 6 px and knows the edge types', () => {
    expect([edgeWidth(0), edgeWidth(0.5), edgeWidth(1), edgeWidth(3)]).toEqual([1, 3.5, 6, 6]);
    expect([isEdgeType('CAUSAL'), isEdgeType('PRIMED')]).toEqual([true, false]);
  });

  it('bends edges that share two memories apart, the same way whatever their direction, and leaves a lone edge straight', () => {
    const edges = [{ from: 'a', to: 'b' }, { from: 'b', to: 'a' }, { from: 'a', to: 'c' }];
    const bends = parallelOffsets(edges);
    expect(bends[2]).toBe(0);
    const at = { a: { x: 0, y: 0 }, b: { x: 10, y: 0 } };
    // Drawn: a→b curves to one side of the line, b→a to the other.
    expect(edgePath(at.a, at.b, bends[0]!)).toBe('M0,0Q5,-10 10,0');
    expect(edgePath(at.b, at.a, bends[1]!)).toBe('M10,0Q5,10 0,0');
    expect(edgePath({ x: 0, y: 0 }, { x: 10, y: 0 }, 0)).toBe('M0,0L10,0');
    expect(edgePath({ x: 0, y: 0 }, { x: 10, y: 0 }, 5)).toBe('M0,0Q5,10 10,0');
  });
});
