import { FOCUS } from '../constants';

/** Passed in and returned by every recall; store it with the agent. */
export interface FocusState {
  /** Recalls left during which focus cannot ignite again. */
  readonly refractoryLeft: number;
}

export const INITIAL_FOCUS_STATE: FocusState = { refractoryLeft: 0 };

export interface FocusResult {
  /** The memory that ignited, or null. */
  readonly focusId: string | null;
  readonly state: FocusState;
}

/**
 * Global-workspace focus: the best result "ignites" (is broadcast as the focus) only when
 * its score exceeds 0.4 and beats the runner-up by at least 0.1; then focus stays
 * suppressed for `refractoryRecalls` recalls. Results need not be sorted; score ties are
 * broken by id so the outcome does not depend on order. A lone result's runner-up is 0.
 */
export function globalWorkspaceFocus(
  results: readonly { readonly id: string; readonly score: number }[],
  state: FocusState,
  refractoryRecalls: number = FOCUS.defaultRefractoryRecalls,
): FocusResult {
  if (state.refractoryLeft > 0) return { focusId: null, state: { refractoryLeft: state.refractoryLeft - 1 } };
  let top: { readonly id: string; readonly score: number } | undefined;
  let runnerUp = 0;
  for (const r of results) {
    if (top === undefined || r.score > top.score || (r.score === top.score && r.id < top.id)) {
      if (top !== undefined) runnerUp = Math.max(runnerUp, top.score);
      top = r;
    } else {
      runnerUp = Math.max(runnerUp, r.score);
    }
  }
  if (top === undefined || !(top.score > FOCUS.ignitionThreshold) || top.score - runnerUp < FOCUS.minimumLead - FOCUS.tolerance) {
    return { focusId: null, state };
  }
  return { focusId: top.id, state: { refractoryLeft: Math.max(0, Math.floor(refractoryRecalls)) } };
}
