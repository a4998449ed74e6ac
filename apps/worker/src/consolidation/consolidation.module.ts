import { Module } from '@nestjs/common';
import { LIMBIC_CONFIG, type LimbicConfig } from '@limbic/config';
import { CLOCK, clockFor } from './clock';
import { ReviewQueue } from './review-queue';
import { ReviewProcessor } from './review.processor';
import { ReviewService } from './review.service';
import { ReviewSweep } from './review.sweep';

/** Spaced consolidation: the review handler, its sweep and the clock they share. */
@Module({
  providers: [
    { provide: CLOCK, inject: [LIMBIC_CONFIG], useFactory: (c: LimbicConfig) => clockFor(c.ops.clockOffsetMs) },
    ReviewService,
    ReviewProcessor,
    ReviewQueue,
    ReviewSweep,
  ],
  exports: [ReviewProcessor, ReviewService, ReviewSweep, ReviewQueue, CLOCK],
})
export class ConsolidationModule {}
