import { Global, Module } from '@nestjs/common';
import { JobProducer } from './job-producer';

@Global()
@Module({ providers: [JobProducer], exports: [JobProducer] })
export class JobsModule {}
