import type { CreditProjectType, ReportStatus } from '@carbon-ledger/contracts';
import type { CommandContext } from './command-context.js';

/** The /xrpl Issue tab's mint files an issuance request through this port; projects provides it. */
export const ISSUANCE_REQUESTS = Symbol('IssuanceRequests');

export interface MintedIssuance {
  readonly mintTxHash: string;
  readonly nftId: string;
  /** The KYC-checked address that signed the mint: the project's proponent acts through it. */
  readonly minter: string;
  readonly userId: string;
  readonly projectName: string;
  readonly projectType: CreditProjectType;
  readonly scope1: number;
  readonly scope2: number;
  readonly scope3: number;
  readonly destinationAddress: string;
}

export interface MintIssuanceFiled {
  readonly projectId: string;
  readonly reportId: string;
  readonly reportStatus: ReportStatus;
  /** The batch the credits will carry once the registry approves the request. */
  readonly tokenId: string;
  /** What the destination is paid as NXCC once issued: the claim less the buffer pool's share. */
  readonly quantity: number;
  readonly bufferQuantity: number;
}

export interface IssuanceRequests {
  /** The project a mint files under: one per mint. */
  projectIdOf(mintTxHash: string): string;
  /** The batch the mint's credits get once approved (vintage: the year the request is filed in). */
  batchIdOf(mintTxHash: string, projectType: CreditProjectType, vintage: number): string;
  /** Throws, before anything is minted, what filing the request for this minter would refuse. */
  requireFileable(minter: string): Promise<void>;
  /** Files the mint's issuance request, once per mint however often it is called (a retry, the recovery reaction). */
  fileForMint(mint: MintedIssuance, context: Omit<CommandContext, 'commandId'>): Promise<MintIssuanceFiled>;
}
