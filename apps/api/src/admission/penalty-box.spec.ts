import { PenaltyBox } from './penalty-box';

describe('PenaltyBox', () => {
  it('holds a request only while its key was told to wait, never longer than maxHoldMs', async () => {
    let now = 0;
    const waits: number[] = [];
    const box = new PenaltyBox(() => now, (ms) => (waits.push(ms), Promise.resolve()), 1000, 2);
    await box.waitOut('a');
    expect(waits).toEqual([]);
    box.refused('a', 300);
    now = 100;
    await box.waitOut('a');
    await box.waitOut('b');
    box.refused('c', 5000);
    await box.waitOut('c');
    now = 400;
    await box.waitOut('a');
    expect(waits).toEqual([200, 1000]);
  });

  it('lets at most maxHeld requests of a key wait at once; the rest are judged at once', async () => {
    const releases: (() => void)[] = [];
    const box = new PenaltyBox(() => 0, () => new Promise<void>((r) => releases.push(r)), 1000, 2);
    box.refused('a', 500);
    const waiting = [box.waitOut('a'), box.waitOut('a')];
    let thirdDone = false;
    await box.waitOut('a').then(() => (thirdDone = true));
    expect([releases.length, thirdDone]).toEqual([2, true]);
    releases.forEach((r) => r());
    await Promise.all(waiting);
    void box.waitOut('a');
    expect(releases.length).toBe(3);
  });
});
