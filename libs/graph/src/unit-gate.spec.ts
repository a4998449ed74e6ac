import { GraphError } from './graph.errors';
import { UnitGate } from './unit-gate';

const flush = () => new Promise((r) => setImmediate(r));

/** A flooding and another tenant: `take` asks for a permit, `running` holds the releases of those granted. */
function twoTenants(gate: UnitGate) {
  const running: { flood: (() => void)[]; other: (() => void)[] } = { flood: [], other: [] };
  const take = (tenant: keyof typeof running) => void gate.acquire(tenant).then((release) => running[tenant].push(release));
  return { running, take };
}

describe('UnitGate', () => {
  it('admits up to its permits at once and the next waiter when one is given back', async () => {
    const gate = new UnitGate(2, 10, 10_000);
    const a = await gate.acquire('t');
    await gate.acquire('t');
    let third = false;
    void gate.acquire('t').then(() => (third = true));
    await flush();
    expect(third).toBe(false);
    expect(gate.queued).toBe(1);
    a();
    a(); // a second release of the same permit gives nothing back
    await flush();
    expect(third).toBe(true);
    expect(gate.queued).toBe(0);
  });

  it('serves waiting tenants in turn, so a flood from one does not delay another to the end of the line', async () => {
    const gate = new UnitGate(1, 100, 10_000);
    const hold = await gate.acquire('flood');
    const order: string[] = [];
    // Each unit records its turn and gives its permit back at once.
    const take = (tenant: string, n: number) => gate.acquire(tenant).then((release) => (order.push(`${tenant}${n}`), release()));
    const pending = [take('flood', 1), take('flood', 2), take('flood', 3), take('flood', 4), take('other', 1)];
    hold();
    await Promise.all(pending);
    expect(order).toEqual(['flood1', 'other1', 'flood2', 'flood3', 'flood4']);
  });

  it('holds a tenant to its share of the permits while another is active, and gives it all of them once it is alone', async () => {
    let now = 0;
    const gate = new UnitGate(4, 100, 10_000, { activeWindowMs: 1000, nowMs: () => now });
    const { running, take } = twoTenants(gate);
    // Alone, the flood takes every permit.
    for (let i = 0; i < 6; i++) take('flood');
    await flush();
    expect(running.flood).toHaveLength(4);
    // Another tenant arrives: it gets the next permit given back, ahead of the flood's line.
    take('other');
    running.flood.shift()!();
    await flush();
    expect([running.flood.length, running.other.length]).toEqual([3, 1]);
    // While the other is active the flood runs at most 2 of 4, and a freed permit stays free.
    running.flood.shift()!();
    running.flood.shift()!();
    await flush();
    expect([running.flood.length, gate.queued]).toEqual([2, 1]);
    running.other.shift()!();
    running.flood.shift()!();
    await flush();
    expect([running.flood.length, gate.queued]).toEqual([2, 0]);
    // Within a second of the other's last unit the flood still keeps to 2 of 4 ...
    take('flood');
    await flush();
    expect([running.flood.length, gate.queued]).toEqual([2, 1]);
    // ... and once that second has passed it is alone again: every permit.
    now = 1001;
    running.flood.shift()!();
    take('flood');
    take('flood');
    await flush();
    expect([running.flood.length, gate.queued]).toEqual([4, 0]);
  });

  it('splits sharedPermits, not every permit, between active tenants: with 2 of 4, one each', async () => {
    const gate = new UnitGate(4, 100, 10_000, { sharedPermits: 2, nowMs: () => 0 });
    const { running, take } = twoTenants(gate);
    for (let i = 0; i < 5; i++) take('flood');
    await flush();
    expect(running.flood).toHaveLength(4);
    take('other');
    running.flood.shift()!();
    running.flood.shift()!();
    running.flood.shift()!();
    await flush();
    expect([running.flood.length, running.other.length, gate.queued]).toEqual([1, 1, 1]);
    // Drained, so that no waiter's timer outlives the test.
    running.other.shift()!();
    running.flood.shift()!();
    await flush();
    expect([running.flood.length, gate.queued]).toEqual([1, 0]);
  });

  it('does not count units without a tenant as another tenant', async () => {
    const gate = new UnitGate(4, 100, 10_000, { nowMs: () => 0 });
    (await gate.acquire(''))();
    const held: (() => void)[] = [];
    for (let i = 0; i < 4; i++) held.push(await gate.acquire('t'));
    expect(held).toHaveLength(4);
  });

  it('refuses at once, as unavailable, when the line is full', async () => {
    const gate = new UnitGate(1, 1, 50);
    await gate.acquire('t');
    const waiter = gate.acquire('t').catch(() => 'gave up');
    const refused = await gate.acquire('u').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(GraphError);
    expect((refused as GraphError).kind).toBe('unavailable');
    expect(await waiter).toBe('gave up');
  });

  it('gives up on a waiter after maxWaitMs, and the line forgets it', async () => {
    jest.useFakeTimers();
    try {
      const gate = new UnitGate(1, 10, 500);
      const hold = await gate.acquire('t');
      const waiting = gate.acquire('t').catch((e: unknown) => e);
      jest.advanceTimersByTime(501);
      expect(await waiting).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/within 500 ms/) as unknown });
      expect(gate.queued).toBe(0);
      hold();
      // The permit went back to the pool, not to the waiter that gave up.
      const next = await gate.acquire('t');
      expect(typeof next).toBe('function');
    } finally {
      jest.useRealTimers();
    }
  });
});
