import fc from 'fast-check';
import { canonicalTimeZone, circularHourDistance, hourOfDay } from './time-of-day';

const hour = fc.double({ min: 0, max: 23.999, noNaN: true });

describe('hour of day', () => {
  it('reads the hour in the zone, fractional', () => {
    const t = Date.UTC(2026, 0, 15, 23, 30);
    expect(hourOfDay(t)).toBe(23.5);
    expect(hourOfDay(t, 'UTC')).toBe(23.5);
    // Paris is UTC+1 in January, UTC+2 in July; Kolkata +5:30 all year.
    expect(hourOfDay(t, 'Europe/Paris')).toBe(0.5);
    expect(hourOfDay(Date.UTC(2026, 6, 15, 23, 30), 'Europe/Paris')).toBe(1.5);
    expect(hourOfDay(Date.UTC(2026, 0, 15, 12, 0), 'Asia/Kolkata')).toBe(17.5);
  });

  it('is always in [0, 24)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2e12, max: 4e12 }), fc.constantFrom('UTC', 'America/New_York', 'Asia/Kathmandu', 'Pacific/Chatham'), (t, zone) => {
        const h = hourOfDay(t, zone);
        expect(h).toBeGreaterThanOrEqual(0);
        expect(h).toBeLessThan(24);
      }),
    );
  });

  it('an unknown zone counts as UTC', () => {
    const t = Date.UTC(2026, 3, 1, 7, 15);
    expect(hourOfDay(t, 'Mars/Olympus')).toBe(7.25);
  });

  it('validates IANA names and returns their canonical spelling', () => {
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(canonicalTimeZone('europe/paris')).toBe('Europe/Paris');
    for (const bad of ['', 'Mars/Olympus', ' UTC', 'x'.repeat(65), 'Not a zone']) expect(canonicalTimeZone(bad)).toBeNull();
  });
});

describe('circular hour distance', () => {
  it('wraps around midnight', () => {
    expect(circularHourDistance(23, 1)).toBe(2);
    expect(circularHourDistance(11, 23)).toBe(12);
    expect(circularHourDistance(6, 6)).toBe(0);
  });

  it('is symmetric, in [0, 12], and invariant under shifting both hours', () => {
    fc.assert(
      fc.property(hour, hour, fc.double({ min: -48, max: 48, noNaN: true }), (a, b, shift) => {
        const d = circularHourDistance(a, b);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(12);
        expect(circularHourDistance(b, a)).toBeCloseTo(d, 9);
        expect(circularHourDistance(a + shift, b + shift)).toBeCloseTo(d, 6);
      }),
    );
  });
});
