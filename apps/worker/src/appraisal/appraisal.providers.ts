import type { Provider } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { AppraisalProcessor } from './appraisal.processor';
import { AppraisalService, GIVEN_AFFECT_TRUST } from './appraisal.service';
import { LexiconTextAppraiser } from './lexicon-text-appraiser';
import { LlmTextAppraiser } from './llm/llm-text-appraiser';
import { TEXT_APPRAISER, type TextAppraiser } from './text-appraiser';

/** Everything the `appraisal` queue needs; the appraiser is picked once, from the config. */
export const APPRAISAL_PROVIDERS: Provider[] = [
  {
    provide: TEXT_APPRAISER,
    inject: [LIMBIC_CONFIG],
    useFactory: (config: LimbicConfig): TextAppraiser =>
      config.appraiser.llm ? new LlmTextAppraiser(config.appraiser.llm) : new LexiconTextAppraiser(),
  },
  { provide: GIVEN_AFFECT_TRUST, inject: [LIMBIC_CONFIG], useFactory: (config: LimbicConfig): number => config.appraiser.givenAffectTrust },
  AppraisalService,
  AppraisalProcessor,
];
