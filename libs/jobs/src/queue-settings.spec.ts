import { ConfigError, loadConfig } from '@limbic/config';
import { DEFAULT_QUEUE_SETTINGS, resolveQueueSettings } from './queue-settings';

const resolve = (json: string) => resolveQueueSettings(loadConfig({ LIMBIC_QUEUE_SETTINGS: json }).queueSettings);

describe('queue settings', () => {
  it('are the defaults when nothing is overridden', () => {
    expect(resolve('')).toEqual(DEFAULT_QUEUE_SETTINGS);
  });

  it('take LIMBIC_QUEUE_SETTINGS the same way for every queue and setting, leaving the rest alone', () => {
    const table = resolve('{"appraisal":{"concurrency":16},"consolidation":{"attempts":2,"backoffMs":50,"timeoutMs":500}}');
    expect(table.appraisal).toEqual({ ...DEFAULT_QUEUE_SETTINGS.appraisal, concurrency: 16 });
    expect(table.consolidation).toEqual({ ...DEFAULT_QUEUE_SETTINGS.consolidation, attempts: 2, backoffMs: 50, timeoutMs: 500 });
    expect(table['recall-effects']).toEqual(DEFAULT_QUEUE_SETTINGS['recall-effects']);
  });

  it('stop boot on an unknown queue or setting, or a value out of range', () => {
    expect(() => resolve('{"apprasial":{"concurrency":2}}')).toThrow(/unknown queue "apprasial"/);
    expect(() => resolve('{"appraisal":{"concurency":2}}')).toThrow(/unknown setting "appraisal.concurency"/);
    expect(() => resolve('{"appraisal":{"concurrency":0}}')).toThrow(/"appraisal.concurrency" must be an integer ≥ 1/);
    expect(() => resolve('{"appraisal":{"backoffMs":1.5}}')).toThrow(ConfigError);
  });

  it('refuse a malformed variable, and the removed LIMBIC_APPRAISAL_CONCURRENCY, at config load', () => {
    expect(() => loadConfig({ LIMBIC_QUEUE_SETTINGS: '{appraisal' })).toThrow(/LIMBIC_QUEUE_SETTINGS: not valid JSON/);
    expect(() => loadConfig({ LIMBIC_QUEUE_SETTINGS: '{"appraisal":{"concurrency":"8"}}' })).toThrow(/LIMBIC_QUEUE_SETTINGS: must be/);
    expect(() => loadConfig({ LIMBIC_APPRAISAL_CONCURRENCY: '8' })).toThrow(/LIMBIC_QUEUE_SETTINGS='\{"appraisal":\{"concurrency":8\}\}'/);
  });
});
