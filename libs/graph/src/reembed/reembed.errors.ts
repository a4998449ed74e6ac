/** Why a run could not start; nothing was written in any of these cases. */
export type ReembedErrorCode = 'UNKNOWN_MODEL' | 'UNKNOWN_TENANT' | 'IN_PROGRESS' | 'ALREADY_ON_MODEL' | 'SLOT_BUSY' | 'MODEL_UNAVAILABLE';

export class ReembedError extends Error {
  constructor(
    readonly code: ReembedErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReembedError';
  }
}
