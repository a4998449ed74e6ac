/**
 * Variables Limbic no longer reads. Setting one stops boot with what to do instead: ignoring
 * it would silently change how a deployment behaves (its appraisal concurrency, say).
 */
export const RETIRED_VARIABLES: Readonly<Record<string, (value: string) => string>> = {
  LIMBIC_APPRAISAL_CONCURRENCY: (value) => `removed; set LIMBIC_QUEUE_SETTINGS='{"appraisal":{"concurrency":${value}}}'`,
  LIMBIC_LINK_CACHE_MB: () => 'removed (encode finds link candidates with the filtered vector index, so there is no cache to size); unset it',
};

/**
 * Old name → new name of renamed variables. For one release the old name is read, with a
 * deprecation warning at boot, so deployments can rename it at their pace; both at once stop boot.
 * After that release an entry moves to RETIRED_VARIABLES.
 */
export const RENAMED_VARIABLES: Readonly<Record<string, string>> = {
  LIMBIC_SWEEP_INTERVAL_MS: 'LIMBIC_PENDING_SWEEP_INTERVAL_MS',
};
