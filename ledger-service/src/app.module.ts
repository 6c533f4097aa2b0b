import { type DynamicModule, Global, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import { AmlModule } from './aml/aml.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AuthModule } from './auth/auth.module.js';
import { CreditMarketModule } from './credit-market/credit-market.module.js';
import { CreditsModule } from './credits/credits.module.js';
import { ComplianceModule } from './compliance/compliance.module.js';
import { APP_CONFIG } from './config/config.js';
import { FundsModule } from './funds/funds.module.js';
import { HealthModule } from './health/health.module.js';
import { IdempotencyModule } from './infrastructure/idempotency/idempotency.module.js';
import { ReadYourWritesModule } from './infrastructure/http/read-your-writes.js';
import { KycModule } from './kyc/kyc.module.js';
import type { ServiceRuntime } from './infrastructure/service-runtime.js';
import { EVENT_STORE, PG_POOL, READ_MODELS, RUNTIME } from './infrastructure/tokens.js';
import { LoggingModule } from './infrastructure/logging/logging.module.js';
import { MarketModule } from './market/market.module.js';
import { MetricsModule } from './infrastructure/metrics/metrics.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { PortfolioModule } from './portfolio/portfolio.module.js';
import { ProjectsModule } from './projects/projects.module.js';
import { ProjectionsModule } from './infrastructure/projections/projections.module.js';
import { RealtimeModule } from './realtime/realtime.module.js';
import { XrplModule } from './xrpl/xrpl.module.js';
import { XrplInfrastructureModule } from './infrastructure/xrpl/xrpl-infrastructure.module.js';
import { ReactionsModule } from './infrastructure/reactions/reactions.module.js';

@Global()
@Module({})
class RuntimeModule {
  static forRoot(runtime: ServiceRuntime): DynamicModule {
    const providers = [
      { provide: RUNTIME, useValue: runtime },
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: PG_POOL, useValue: runtime.pool },
      { provide: READ_MODELS, useValue: runtime.readModels },
      { provide: EVENT_STORE, useValue: runtime.eventStore },
    ];
    return { module: RuntimeModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}

@Module({})
export class AppModule {
  static forRoot(runtime: ServiceRuntime, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forRoot(runtime),
        LoggingModule.forRoot(logger, runtime.config.NODE_ENV === 'production'),
        CqrsModule.forRoot(),
        MetricsModule,
        XrplInfrastructureModule,
        ReactionsModule,
        IdempotencyModule,
        // After IdempotencyModule: its interceptor runs inside the idempotency one.
        ReadYourWritesModule,
        ProjectionsModule,
        RealtimeModule,
        AuthModule,
        HealthModule,
        CreditMarketModule,
        OrdersModule,
        CreditsModule,
        MarketModule,
        XrplModule,
        AuditModule,
        ComplianceModule,
        KycModule,
        AmlModule,
        PortfolioModule,
        ProjectsModule,
        FundsModule,
      ],
    };
  }
}
