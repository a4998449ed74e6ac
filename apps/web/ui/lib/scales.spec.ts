import { describe, expect, it } from '@jest/globals';
import { decayedActivation, importanceRadius, linePath, linear, minutesUntil, shorten, timeTicks, valenceColour } from './scales';

describe('page scales', () => {
  it('colours valence red through grey to green, clamped', () => {
    expect(valenceColour(0)).toBe('rgb(160, 160, 165)');
    expect(valenceColour(-1)).toBe('rgb(200, 45, 45)');
    expect(valenceColour(1)).toBe('rgb(30, 140, 90)');
    expect(valenceColour(-5)).toBe(valenceColour(-1));
    expect(valenceColour(Number.NaN)).toBe(valenceColour(0));
    const half = /rgb\((\d+), (\d+), (\d+)\)/.exec(valenceColour(-0.5))!.slice(1).map(Number);
    expect(half).toEqual([180, 103, 105]);
  });

  it('sizes importance by area: the radius grows with it, and twice the importance nearly twice the area', () => {
    expect(importanceRadius(0)).toBe(4);
    expect(importanceRadius(1)).toBe(12);
    const area = (i: number): number => importanceRadius(i) ** 2;
    expect(area(1) - area(0)).toBeCloseTo(2 * (area(0.5) - area(0)));
    expect(importanceRadius(2)).toBe(12);
  });

  it('decays a primed concept by half every 30 minutes and says when it falls below a level', () => {
    expect(decayedActivation(0.8, 30)).toBeCloseTo(0.4);
    expect(decayedActivation(0.8, 90)).toBeCloseTo(0.1);
    expect(decayedActivation(0.8, -10)).toBe(0.8);
    expect(minutesUntil(0.8, 0.1)).toBeCloseTo(90);
    expect(minutesUntil(0.05, 0.1)).toBe(0);
  });

  it('maps linearly, with a flat domain landing mid-range', () => {
    expect(linear(-1, 1, 0, 200)(0.5)).toBe(150);
    expect(linear(0, 1, 100, 0)(0.25)).toBe(75);
    expect(linear(3, 3, 0, 10)(3)).toBe(5);
  });

  it('draws lines and breaks them at missing points', () => {
    expect(linePath([[0, 0], [10, 5]])).toBe('M0.0,0.0L10.0,5.0');
    expect(linePath([[0, 0], [Number.NaN, 1], [2, 2]])).toBe('M0.0,0.0M2.0,2.0');
    expect(timeTicks(0, 100, 4)).toEqual([0, 25, 50, 75, 100]);
    expect(timeTicks(5, 5, 4)).toEqual([5]);
  });

  it('shortens text on a word boundary', () => {
    expect(shorten('short', 10)).toBe('short');
    expect(shorten('the deploy failed at midnight', 16)).toBe('the deploy…');
    expect(shorten('abcdefghijklmnop', 8)).toBe('abcdefg…');
  });
});
