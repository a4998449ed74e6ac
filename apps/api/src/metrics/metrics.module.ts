import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { ApiMetrics } from './api-metrics';
import { GraphqlMetricsPlugin } from './graphql-metrics.plugin';
import { MetricsController } from './metrics.controller';
import { RequestIdMiddleware } from './request-id.middleware';

/** /metrics, GraphQL latency and counts, and a request id on every request. */
@Module({
  controllers: [MetricsController],
  providers: [ApiMetrics, GraphqlMetricsPlugin],
})
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestIdMiddleware).forRoutes('{*path}');
  }
}
