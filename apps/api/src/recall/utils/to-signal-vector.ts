import { SIGNAL_NAMES, type Signals } from '@limbic/affect';
import type { SignalVector } from '../dto/recall.types';

export function toSignalVector(s: Signals): SignalVector {
  const out = {} as SignalVector;
  for (const name of SIGNAL_NAMES) out[name] = s[name];
  return out;
}
