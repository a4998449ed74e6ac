import { agent, memory } from '../testing/fixtures';
import { formatMemories } from './memory-format';
import { formatAgents, formatState, signed } from './state-format';

describe('state formatting', () => {
  it('signs values and never prints -0.00', () => {
    expect(signed(0.2)).toBe('+0.20');
    expect(signed(-0.126)).toBe('-0.13');
    expect(signed(-0.001)).toBe('+0.00');
    expect(signed(0.0004, 3)).toBe('+0.000');
  });

  it('prints every aspect of the state on its own line', () => {
    const lines = formatState(
      agent({
        goals: [{ id: 'g1', name: 'ship the release', priority: 0.9 }, { id: 'g2', name: 'learn', priority: 0.5 }],
        primedConcepts: [{ name: 'disk', activation: 0.3 }, { name: 'deploy', activation: 0.45 }],
      }),
    );
    expect(lines).toEqual([
      'agent ada · preset agent · created 2026-03-01 09:00',
      'affect    valence +0.20  arousal 0.40  dominance 0.50',
      'mood      valence +0.00  arousal 0.30  dominance 0.50',
      'momentum  dv +0.500  da -0.250  dd +0.000 per hour',
      'energy    0.93',
      'goals     ship the release (0.90) · learn (0.50)',
      'primed    deploy 0.45 · disk 0.30',
    ]);
    expect(formatState(agent()).slice(5)).toEqual(['goals     none', 'primed    none']);
  });

  it('shows the most active primed concepts and counts the rest', () => {
    const primedConcepts = Array.from({ length: 11 }, (_, i) => ({ name: `c${i}`, activation: i / 10 }));
    const line = formatState(agent({ primedConcepts })).at(-1) ?? '';
    expect(line.startsWith('primed    c10 1.00 · c9 0.90')).toBe(true);
    expect(line.endsWith('· 3 more')).toBe(true);
  });

  it('lists agents in a table', () => {
    expect(formatAgents([agent(), agent({ id: 'bob-the-builder', preset: 'npc', energy: 1 })], 80)).toEqual([
      'agent            preset  energy  goals  created',
      'ada              agent     0.93      0  2026-03-01 09:00',
      'bob-the-builder  npc       1.00      0  2026-03-01 09:00',
    ]);
  });

  it('lists memories with archived, scope, speaker and tags before the text, in fixed columns', () => {
    const id = '11111111-2222-4333-8444-555555555555';
    const [header, row] = formatMemories([memory(id, 'the deploy failed', { scope: 'ops', tags: ['infra', 'disk'], archived: true })], 120);
    expect(header).toBe(`memory${' '.repeat(32)}occurred${' '.repeat(10)}content`);
    expect(row).toBe(`${id}  2026-03-01 09:00  (archived) [ops] #infra #disk the deploy failed`);
    expect(formatMemories([memory(id, 'x')], 120, false)).toHaveLength(1);
    const [, spoken] = formatMemories([memory(id, 'I prefer tea', { speaker: 'user', tags: ['drinks'] })], 120);
    expect(spoken).toBe(`${id}  2026-03-01 09:00  user: #drinks I prefer tea`);
  });
});
