import { CREDIT_CURRENCY_CODE, isCreditEvent, isXrplActionEvent, isXrplEvent, type RecordedEvent, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';

/**
 * A difference must hold on later looks before it is reported: a move may land on one side between
 * the reads of the two. Both the API and `npm run verify` look this many times, this far apart.
 */
export const RESERVE_LOOKS = { reads: 3, pauseMs: 300 } as const;

/** The registry side of proof of reserves at a log position. */
export interface VaultSide {
  readonly heldInVault: number;
  /** Tokenizations whose NXCC are not paid yet (the vault counts them, the ledger not yet). */
  readonly toPay: number;
  /** NXCC returned on the ledger whose serials have not left the vault yet. */
  readonly toRegister: number;
}

export interface LedgerSide {
  /** The issuer's NXCC obligations, as the ledger writes the value. */
  readonly outstanding: string;
  readonly ledgerIndex: number;
}

export interface ReservesVerdict {
  readonly balanced: boolean;
  /** outstanding − heldInVault, in NXCC. */
  readonly difference: string;
}

const size = (ranges: readonly { start: number; end: number }[]): number => ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0);

/**
 * Equal when nothing is in flight. While moves are in flight the ledger may stand anywhere between
 * the vault less what is in flight and the vault; more NXCC than serials is never balanced.
 */
export function reservesVerdict(vault: VaultSide, ledger: LedgerSide): ReservesVerdict {
  const outstanding = Number(ledger.outstanding);
  const difference = outstanding - vault.heldInVault;
  const lowest = vault.heldInVault - vault.toPay - vault.toRegister;
  return { balanced: outstanding <= vault.heldInVault && outstanding >= lowest, difference: formatDifference(difference) };
}

function formatDifference(value: number): string {
  if (value === 0) return '0';
  const text = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)));
  return value > 0 ? `+${text}` : text;
}

/** The issuer's NXCC obligations on the validated ledger (gateway_balances, as rippled answers it). */
export async function ledgerSide(gateway: XrplGateway): Promise<LedgerSide> {
  const response = await gateway.request({ command: 'gateway_balances', account: gateway.wallets.issuer.address, ledger_index: 'validated' });
  const obligations = response.result.obligations ?? {};
  return { outstanding: obligations[CREDIT_CURRENCY_CODE] ?? '0', ledgerIndex: response.result.ledger_index ?? 0 };
}

/** Folds the events that move serials in and out of the vault, in log order (the auditor's path: no read model). */
export class VaultFold {
  /** Whether the log moved anything in or out of the vault, or the issuer recorded any transaction: then the ledger is worth asking. */
  touched = false;
  private held = 0;
  private readonly unpaid = new Map<string, number>();
  private readonly unregistered = new Map<string, number>();

  apply(recorded: RecordedEvent): void {
    if (isXrplEvent(recorded) && recorded.type === 'XrplTransactionRecorded' && recorded.data.walletRole === 'issuer') this.touched = true;
    if (isCreditEvent(recorded)) {
      const event = recorded;
      switch (event.type) {
        case 'CreditsTokenized':
          this.touched = true;
          this.held += size(event.data.ranges);
          if (!event.data.paymentTxHash) this.unpaid.set(event.data.tokenizationId, event.data.quantity);
          return;
        case 'XrplSettlementRecorded':
          if (event.data.subject === 'tokenization' && event.data.status === 'settled') this.unpaid.delete(event.data.subjectId);
          return;
        case 'CreditsRedeemed':
          this.held -= size(event.data.ranges);
          if (event.data.tokenizationId) this.unpaid.delete(event.data.tokenizationId);
          if (event.data.burnTxHash) this.unregistered.delete(event.data.burnTxHash);
          return;
        case 'CreditsRetired':
          // A burn registered before the vault existed retired its holder's own serials: no longer in flight either.
          if (event.data.burnTxHash) this.unregistered.delete(event.data.burnTxHash);
          if (event.data.accountId === VAULT_ACCOUNT_ID) this.held -= size(event.data.ranges);
          return;
        // The vault's serials are never cancelled (the market refuses it).
        case 'CreditsCancelled':
        case 'CreditsIssued':
        case 'TradeExecuted':
        case 'DirectTradeOffered':
        case 'DirectTradeOfferWithdrawn':
          return;
        default: {
          const exhaustive: never = event;
          return exhaustive;
        }
      }
    }
    if (isXrplActionEvent(recorded) && (recorded.type === 'XrplCreditsBurned' || recorded.type === 'XrplCreditsRedeemed')) {
      this.touched = true;
      this.unregistered.set(recorded.data.txHash, recorded.data.tokenAmount);
    }
  }

  get side(): VaultSide {
    const sum = (amounts: Map<string, number>): number => [...amounts.values()].reduce((total, amount) => total + amount, 0);
    return { heldInVault: this.held, toPay: sum(this.unpaid), toRegister: sum(this.unregistered) };
  }
}
