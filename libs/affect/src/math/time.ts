import { MS_PER_HOUR } from '../constants';

/** Hours from `fromMs` to `toMs`, never negative (a future timestamp counts as now). */
export function elapsedHours(fromMs: number, toMs: number): number {
  return Math.max(0, (toMs - fromMs) / MS_PER_HOUR);
}
