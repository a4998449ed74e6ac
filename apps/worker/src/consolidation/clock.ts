/** Time as a port: consolidation never reads the system clock directly. */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }
}

/** System time shifted by a fixed offset (LIMBIC_CLOCK_OFFSET_MS, accepted only in tests). */
export class OffsetClock implements Clock {
  constructor(private readonly offsetMs: number) {}

  now(): number {
    return Date.now() + this.offsetMs;
  }
}

/** A clock the caller moves by hand: tests run months of reviews in seconds. */
export class SimulatedClock implements Clock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  set(epochMs: number): void {
    this.current = epochMs;
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export function clockFor(offsetMs: number): Clock {
  return offsetMs === 0 ? new SystemClock() : new OffsetClock(offsetMs);
}
