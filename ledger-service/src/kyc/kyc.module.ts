import { Global, Module } from '@nestjs/common';
import { KYC_GATE } from '../shared/kyc-gate.port.js';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { AddressChallenges } from './address-control/address-challenges.js';
import { ExpireKycHandler } from './commands/expire-kyc.handler.js';
import { StartKycHandler } from './commands/start-kyc.handler.js';
import { VerifyKycHandler } from './commands/verify-kyc.handler.js';
import { KycCredentialIssuer } from './credentials/kyc-credential-issuer.js';
import { KycExpiryCheck } from './expiry/kyc-expiry-check.js';
import { IdentityScreening } from './identity-screening.js';
import { KycController } from './kyc.controller.js';
import { ReadModelKycGate } from './kyc-gate.js';
import { KYC_PROVIDER, type KycProvider } from './providers/kyc-provider.port.js';
import { PersonaKycProvider } from './providers/persona-kyc-provider.js';
import { SandboxKycProvider } from './providers/sandbox-kyc-provider.js';
import { GetKycStatusHandler } from './queries/get-kyc-status.handler.js';
import { IssueCredentialWhenKycVerified } from './reactions/issue-credential-when-kyc-verified.handler.js';

/** Global so that the capabilities that gate on KYC get KYC_GATE without importing this module. */
@Global()
@Module({
  controllers: [KycController],
  exports: [KYC_GATE],
  providers: [
    { provide: KYC_GATE, useClass: ReadModelKycGate },
    IdentityScreening,
    {
      provide: KYC_PROVIDER,
      inject: [APP_CONFIG, IdentityScreening],
      useFactory: (config: AppConfig, screening: IdentityScreening): KycProvider =>
        config.KYC_PROVIDER === 'persona'
          ? new PersonaKycProvider(
              // Config validation requires both when KYC_PROVIDER=persona.
              { apiKey: config.KYC_API_KEY ?? '', templateId: config.KYC_TEMPLATE_ID ?? '', baseUrl: config.KYC_API_URL },
              screening,
            )
          : new SandboxKycProvider(screening),
    },
    AddressChallenges,
    StartKycHandler,
    VerifyKycHandler,
    ExpireKycHandler,
    GetKycStatusHandler,
    KycCredentialIssuer,
    IssueCredentialWhenKycVerified,
    KycExpiryCheck,
  ],
})
export class KycModule {}
