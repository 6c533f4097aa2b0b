import { Global, Module } from '@nestjs/common';
import { MetricsEndpoint } from './metrics-endpoint.js';
import { ServiceMetrics } from './service-metrics.js';

@Global()
@Module({ providers: [ServiceMetrics, MetricsEndpoint], exports: [ServiceMetrics, MetricsEndpoint] })
export class MetricsModule {}
