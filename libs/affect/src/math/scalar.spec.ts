import { clamp, clamp01, compareStrings, halfLifeFactor, lerp, sigmoid, sign } from './scalar';
import { elapsedHours } from './time';

describe('scalar helpers', () => {
  it('clamp limits to the range and maps NaN to the minimum', () => {
    expect(clamp(5, 0, 1)).toBe(1);
    expect(clamp(-5, 0, 1)).toBe(0);
    expect(clamp(0.3, 0, 1)).toBe(0.3);
    expect(clamp(Number.NaN, -1, 1)).toBe(-1);
    expect(clamp01(2)).toBe(1);
  });

  it('clamp gives a bound itself: −0 comes out as +0 (toBe tells them apart)', () => {
    expect(clamp01(-0)).toBe(0);
    expect(clamp(-0, 0, 1)).toBe(0);
  });

  it('lerp interpolates: 2 + (6 − 2)·0.25 = 3', () => {
    expect(lerp(2, 6, 0.25)).toBe(3);
  });

  it('sigmoid is 0.5 at 0 and 1/(1+e^−5) ≈ 0.993307 at 1 with sharpness 5', () => {
    expect(sigmoid(0, 5)).toBe(0.5);
    expect(sigmoid(1, 5)).toBeCloseTo(0.9933071, 6);
    expect(sigmoid(2)).toBeCloseTo(1 / (1 + Math.exp(-2)), 12);
  });

  it('halfLifeFactor halves per half-life and ignores negative time', () => {
    expect(halfLifeFactor(2, 1)).toBe(0.25);
    expect(halfLifeFactor(-3, 1)).toBe(1);
  });

  it('compareStrings orders by code unit', () => {
    expect(['b', 'B', 'a', 'b'].sort(compareStrings)).toEqual(['B', 'a', 'b', 'b']);
    expect(compareStrings('x', 'x')).toBe(0);
  });

  it('sign', () => {
    expect([sign(-2), sign(0), sign(3)]).toEqual([-1, 0, 1]);
  });

  it('elapsedHours: 90 minutes = 1.5 h, a future instant counts as 0', () => {
    expect(elapsedHours(0, 5_400_000)).toBe(1.5);
    expect(elapsedHours(5_400_000, 0)).toBe(0);
  });
});
