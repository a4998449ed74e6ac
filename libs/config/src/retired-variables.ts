/**
 * Variables Limbic no longer reads. Setting one stops boot with what to do instead: ignoring
 * it would silently change how a deployment behaves (its appraisal concurrency, say).
 */
export const RETIRED_VARIABLES: Readonly<Record<string, (value: string) => string>> = {
  LIMBIC_APPRAISAL_CONCURRENCY: (value) => `removed; set LIMBIC_QUEUE_SETTINGS='{"appraisal":{"concurrency":${value}}}'`,
  LIMBIC_LINK_CACHE_MB: () => 'removed (encode finds link candidates with the filtered vector index, so there is no cache to size); unset it',
};

/**
 * Old name → new name of variables renamed in this release. The old name is still read, with a
 * deprecation warning, and is refused from the next release on; both at once stop boot.
 */
export const RENAMED_VARIABLES: Readonly<Record<string, string>> = {
  LIMBIC_SWEEP_INTERVAL_MS: 'LIMBIC_PENDING_SWEEP_INTERVAL_MS',
};
