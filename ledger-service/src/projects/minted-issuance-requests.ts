import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { bufferSharePercent, type CreditProjectType } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import type { IssuanceRequests, MintedIssuance, MintIssuanceFiled } from '../shared/issuance-requests.port.js';
import { FileIssuanceRequestCommand, filedReportId, hostCountryOf } from './commands/file-issuance-request.handler.js';
import { issuanceBatchId } from './project.decider.js';
import { ProjectParties } from './project-parties.js';

const commandIdOf = (mintTxHash: string): string => deriveId(`xrpl-mint:${mintTxHash}`, 'issuance-request');

/**
 * A batch NFT minted on the /xrpl Issue tab files an issuance request like the issue form does:
 * a project of its own (XRPL- and the start of the mint hash), a monitoring report claiming 20 % of
 * the scopes, the verifier and the registry after it. The command id derives from the mint, so the
 * submit call and the recovery reaction file it once between them.
 */
@Injectable()
export class MintedIssuanceRequests implements IssuanceRequests {
  constructor(
    private readonly commands: CommandBus,
    private readonly parties: ProjectParties,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  projectIdOf(mintTxHash: string): string {
    return `XRPL-${mintTxHash.slice(0, 12).toUpperCase()}`;
  }

  batchIdOf(mintTxHash: string, projectType: CreditProjectType, vintage: number): string {
    return issuanceBatchId(projectType, filedReportId(commandIdOf(mintTxHash)), vintage, 'credits');
  }

  async requireFileable(minter: string): Promise<void> {
    try {
      await hostCountryOf(this.db, minter);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      throw new DomainError(
        'Conflict',
        `The host country of the project is not known from ${minter}: complete KYC for this address with its country, then issue`,
      );
    }
  }

  async fileForMint(mint: MintedIssuance, context: Parameters<IssuanceRequests['fileForMint']>[1]): Promise<MintIssuanceFiled> {
    const shares = { ...bufferSharePercent, ...this.config.BUFFER_SHARES };
    const filed = await this.commands.execute(
      new FileIssuanceRequestCommand(
        {
          id: this.projectIdOf(mint.mintTxHash),
          name: mint.projectName,
          projectType: mint.projectType,
          description: `Minted on XRPL by ${mint.minter} (NFT ${mint.nftId})`,
          scope1: mint.scope1,
          scope2: mint.scope2,
          scope3: mint.scope3,
          scope4: 0,
          scope5: 0,
          xrplAddress: mint.minter,
        },
        await this.parties.party(mint.userId),
        shares[mint.projectType],
        { ...context, commandId: commandIdOf(mint.mintTxHash) },
        { nftId: mint.nftId, mintTxHash: mint.mintTxHash, minter: mint.minter, destinationAddress: mint.destinationAddress },
      ),
    );
    return {
      projectId: filed.projectId,
      reportId: filed.reportId,
      reportStatus: filed.reportStatus,
      tokenId: filed.tokenId,
      quantity: filed.quantity,
      bufferQuantity: filed.bufferQuantity,
    };
  }
}
