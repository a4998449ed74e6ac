import fc from 'fast-check';
import { MOOD } from '../constants';
import { encodeExperience, idleHours, initialAgentState, interact, moveAffect, nudgeTowardLexicon, observeText, stateAt } from './agent-state';
import { PRESET_NAMES, PRESETS, presetOf } from './presets';

const H = 3_600_000;

describe('agent state transitions', () => {
  it('starts neutral with full energy and baseline mood', () => {
    const s = initialAgentState(0);
    expect(s.affect).toEqual({ valence: 0, arousal: 0, dominance: 0.5 });
    expect(s.mood.mood).toEqual(MOOD.baseline);
    expect(s.energy.energy).toBe(1);
    expect(s.momentum).toEqual({ dv: 0, da: 0, dd: 0 });
  });

  it('idleHours: hours since the affect last changed, never negative', () => {
    const s = initialAgentState(2 * H);
    expect(idleHours(s, 4.5 * H)).toBe(2.5);
    expect(idleHours(s, H)).toBe(0); // a clock behind the state reads as not idle
  });

  it('moveAffect sets affect, derives momentum per hour and steps mood', () => {
    const s = moveAffect(initialAgentState(0), { valence: 0.8, arousal: 0.6, dominance: 0.5 }, H);
    expect(s.affect.valence).toBe(0.8);
    // (0.8 − 0) over 1 h of history = 0.8 per hour.
    expect(s.momentum.dv).toBeCloseTo(0.8, 10);
    // Mood relaxes 1 h (already at baseline), then EMA: 0 + 0.1·(1 − 0.5)·(0.8 − 0) = 0.04.
    expect(s.mood.mood.valence).toBeCloseTo(0.04, 10);
    expect(s.history).toHaveLength(2);
  });

  it('never moves the clock backwards on out-of-order events', () => {
    const s = moveAffect(moveAffect(initialAgentState(0), { valence: 0.5, arousal: 0.5, dominance: 0.5 }, 10 * H), NEUTRAL(), 5 * H);
    expect(s.affectAtMs).toBe(10 * H);
  });

  it('interact costs 2 % energy after lazy recovery', () => {
    const s = interact(initialAgentState(0), 0);
    expect(s.energy.energy).toBeCloseTo(0.98, 10);
    expect(stateAt(s, 0).energy).toBeCloseTo(0.98, 10);
    expect(stateAt(s, 100 * H).energy).toBeGreaterThan(0.999);
  });

  it('nudges toward the lexicon by confidence, and not at all with none', () => {
    const core = { valence: 0, arousal: 0.2, dominance: 0.4 };
    expect(nudgeTowardLexicon(core, { valence: 1, arousal: 1, confidence: 0 })).toEqual(core);
    // Half way (pull 0.5) at full confidence: valence 0 → 0.5, arousal 0.2 → 0.6.
    const n = nudgeTowardLexicon(core, { valence: 1, arousal: 1, confidence: 1 });
    expect(n.valence).toBeCloseTo(0.5, 10);
    expect(n.arousal).toBeCloseTo(0.6, 10);
    expect(n.dominance).toBe(0.4);
  });

  it('observe and encode keep every field in range for any event sequence', () => {
    const affect = fc.record({
      valence: fc.double({ min: -1, max: 1, noNaN: true }),
      arousal: fc.double({ min: 0, max: 1, noNaN: true }),
      dominance: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    const lexicon = fc.record({
      valence: fc.double({ min: -1, max: 1, noNaN: true }),
      arousal: fc.double({ min: 0, max: 1, noNaN: true }),
      confidence: fc.double({ min: 0, max: 1, noNaN: true }),
    });
    const event = fc.tuple(fc.boolean(), affect, lexicon, fc.integer({ min: 0, max: 48 * H }));
    fc.assert(
      fc.property(fc.array(event, { maxLength: 30 }), (events) => {
        let s = initialAgentState(0);
        let t = 0;
        for (const [isObserve, a, lex, dt] of events) {
          t += dt;
          s = isObserve ? observeText(s, lex, t) : encodeExperience(s, a, t);
        }
        for (const v of [s.affect, s.mood.mood]) {
          expect(v.valence).toBeGreaterThanOrEqual(-1);
          expect(v.valence).toBeLessThanOrEqual(1);
          expect(v.arousal).toBeGreaterThanOrEqual(0);
          expect(v.arousal).toBeLessThanOrEqual(1);
        }
        expect(s.energy.energy).toBeGreaterThanOrEqual(0);
        expect(s.energy.energy).toBeLessThanOrEqual(1);
        expect(s.history.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('presets', () => {
  it('defines every preset with sane parameters', () => {
    for (const name of PRESET_NAMES) {
      const p = PRESETS[name];
      expect(p.decayScale).toBeGreaterThan(0);
      expect(p.spread.hops).toBeGreaterThanOrEqual(1);
      expect(p.spread.hops).toBeLessThanOrEqual(3);
      expect(p.reviewPace).toBeGreaterThan(0);
      expect(p.moodInertia).toBeGreaterThanOrEqual(0);
      expect(p.moodInertia).toBeLessThanOrEqual(1);
    }
  });

  it('falls back to the agent preset for unknown names', () => {
    expect(presetOf('nonsense')).toBe(PRESETS.agent);
  });
});

function NEUTRAL() {
  return { valence: 0, arousal: 0, dominance: 0.5 };
}
