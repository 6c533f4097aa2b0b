import { Inject, Injectable } from '@nestjs/common';
import type { PreparedXrplTransaction, XrplAction } from '@carbon-ledger/contracts';
import type { z } from 'zod';
import type { CommandContext } from '../../shared/command-context.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { type Preparation, PreparationSeal } from './preparation-seal.js';
import { PREPARATION_TTL_MS } from './signed-submission.js';

/** Issuing is screened for AML as well as KYC, when it is prepared and again when it is submitted. */
const requiresAml = (action: XrplAction): boolean => action === 'issue';

/**
 * The two ends every XRPL action shares: the address that is to sign passes the KYC gate and
 * what it signs is sealed for the signed-in user; on submit the seal is opened for that user
 * and the address passes the gate again (its verification may have lapsed in between).
 */
@Injectable()
export class XrplPreparations {
  constructor(
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    private readonly seal: PreparationSeal,
  ) {}

  async requireKyc(action: XrplAction, xrplAddress: string, context: CommandContext): Promise<void> {
    await this.kyc.requireKyc({ address: xrplAddress, userId: context.actor.userId, requireAml: requiresAml(action), now: context.now });
  }

  /** Seals the transactions the address is to sign, valid for PREPARATION_TTL_MS. */
  sealFor<Data>(
    action: XrplAction,
    xrplAddress: string,
    transactions: readonly PreparedXrplTransaction[],
    data: Data,
    context: CommandContext,
  ): { readonly preparation: string; readonly expiresAt: string } {
    const expiresAt = new Date(context.now.getTime() + PREPARATION_TTL_MS).toISOString();
    const preparation = this.seal.seal({ action, userId: context.actor.userId, xrplAddress, transactions, data, expiresAt });
    return { preparation, expiresAt };
  }

  /** Opens the signed-in user's preparation for `action` and checks its address against the gate again. */
  async open<Data>(token: string, action: XrplAction, dataSchema: z.ZodType<Data>, context: CommandContext): Promise<Preparation<Data>> {
    const prepared = this.seal.open(token, { action, userId: context.actor.userId, now: context.now }, dataSchema);
    await this.requireKyc(action, prepared.xrplAddress, context);
    return prepared;
  }
}
