import { RatePacer } from './rate-pacer';

/** A pacer on a fake clock whose delays resolve when the test says so. */
function pacer(maxHoldMs = 1000, maxHeld = 8) {
  let now = 0;
  const waits: number[] = [];
  const releases: (() => void)[] = [];
  const box = new RatePacer(
    () => now,
    (ms) => (waits.push(ms), new Promise<void>((r) => releases.push(r))),
    maxHoldMs,
    maxHeld,
    () => 0.25,
  );
  return { box, waits, releases, at: (ms: number) => (now = ms) };
}

describe('RatePacer', () => {
  it('lets a tenant that was never refused, or whose wait is over, through at once', async () => {
    const { box, waits, at } = pacer();
    expect(await box.waitTurn('a', 25)).toBeUndefined();
    box.refused('a', 300, 25);
    at(300);
    expect(await box.waitTurn('a', 25)).toBeUndefined();
    expect(await box.waitTurn('b', 25)).toBeUndefined();
    expect(waits).toEqual([]);
  });

  it('gives each request that arrives during the wait its own slot, when the bucket holds its cost', async () => {
    const { box, waits, releases, at } = pacer();
    box.refused('a', 100, 25);
    at(40);
    const turns = [box.waitTurn('a', 25), box.waitTurn('a', 50), box.waitTurn('a', 25)];
    // Each slot is when the bucket holds that request's cost after the earlier ones took
    // theirs: 100, 150 and 175, waited from 40.
    expect(waits).toEqual([60, 110, 135]);
    releases.forEach((r) => r());
    expect(await Promise.all(turns)).toEqual([undefined, undefined, undefined]);
    // The line goes on from the last slot given (200) for the next arrival.
    at(150);
    void box.waitTurn('a', 25);
    expect(waits[3]).toBe(50);
  });

  it('holds a request whose slot is beyond maxHoldMs for one to two maxHoldMs, then refuses it with the wait left', async () => {
    const { box, waits, releases, at } = pacer(1000);
    box.refused('a', 3000, 25);
    const turn = box.waitTurn('a', 25);
    // 1000 × (1 + the fake random 0.25).
    expect(waits).toEqual([1250]);
    at(1250);
    releases[0]!();
    expect(await turn).toBe(1750);
    // It took no slot: the next request in line is still at 3000.
    at(2500);
    void box.waitTurn('a', 25);
    expect(waits[1]).toBe(500);
  });

  it('never holds a refused request as long as its slot is away', async () => {
    let now = 0;
    const waits: number[] = [];
    const releases: (() => void)[] = [];
    const box = new RatePacer(() => now, (ms) => (waits.push(ms), new Promise<void>((r) => releases.push(r))), 1000, 8, () => 0.99);
    box.refused('a', 1500, 25);
    const turn = box.waitTurn('a', 25);
    // 1000 × 1.99 would pass the slot at 1500: held 1499 ms, refused with 1 ms left.
    expect(waits).toEqual([1499]);
    now = 1499;
    releases[0]!();
    expect(await turn).toBe(1);
  });

  it('lets at most maxHeld requests of a tenant wait at once; the rest are judged at once', async () => {
    const { box, waits, releases } = pacer(1000, 2);
    box.refused('a', 500, 10);
    const held = [box.waitTurn('a', 10), box.waitTurn('a', 10)];
    expect(await box.waitTurn('a', 10)).toBeUndefined();
    expect(waits).toHaveLength(2);
    releases.forEach((r) => r());
    await Promise.all(held);
    void box.waitTurn('a', 10);
    expect(waits).toHaveLength(3);
  });

  it('never paces one tenant for another', async () => {
    const { box, waits } = pacer();
    box.refused('a', 500, 10);
    expect(await box.waitTurn('b', 10)).toBeUndefined();
    expect(waits).toEqual([]);
  });
});
