import type {
  CancellationReason,
  CreditLabel,
  CreditProjectType,
  CreditsIssued,
  OffsetType,
  OrderFunding,
  OrderStatus,
  PlaceOrderRequest,
  RetirementStandard,
  RetirementUse,
  RetiredBatchClaims,
  XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import type { CreditMarketEvent, CreditMarketState } from './market-state.js';

export type IssueCreditsInput = Omit<CreditsIssued['data'], 'issuedAt'>;

/** A tokenization into the vault (docs/vault.md); `paymentTxHash` when the NXCC were paid already. */
export interface TokenizeInput {
  readonly tokenizationId: string;
  readonly xrplAddress: string;
  readonly requestedBy: string;
  readonly paymentTxHash?: string;
}

export type CreditMarketCommand =
  | {
      readonly type: 'IssueCredits';
      readonly batch: IssueCreditsInput;
      /** The whole batch goes into the vault in the same decision (an issue on /xrpl, the pool's opening deposit). */
      readonly tokenize?: TokenizeInput;
    }
  | ({
      readonly type: 'TokenizeCredits';
      readonly batchId: string;
      readonly accountId: string;
      readonly quantity: number;
    } & TokenizeInput)
  | {
      readonly type: 'RedeemCredits';
      readonly redemptionId: string;
      readonly accountId: string;
      readonly xrplAddress: string;
      readonly quantity: number;
      /** Serials of this batch first, then the market's other vault batches. */
      readonly batchId?: string;
      readonly reason: 'redeemed' | 'payment-refused';
      readonly burnTxHash?: string;
      readonly tokenizationId?: string;
    }
  | {
      readonly type: 'PlaceOrder';
      readonly orderId: string;
      readonly ownerId: string;
      readonly order: PlaceOrderRequest;
      /** A buy order's reservation, already recorded in the owner's cash stream. */
      readonly funding?: OrderFunding;
      /**
       * The labels of the market's batches as the registry shows them now, given when a labelled bid
       * may trade (the order is one, or it may cross one): a labelled bid takes serials only of the
       * batches this names with its labels, and none without it (marketBatchLabels).
       */
      readonly batchLabels?: ReadonlyMap<string, readonly CreditLabel[]>;
    }
  | {
      readonly type: 'CancelOrder';
      readonly orderId: string;
      readonly requestedBy: string;
      readonly isAdmin: boolean;
      /** What the order book read model shows of the order when it is closed there: the state holds open orders only. */
      readonly closed?: ClosedOrder;
    }
  | {
      readonly type: 'TransferCredits';
      readonly tradeId: string;
      readonly batchId: string;
      readonly sellerAccountId: string;
      readonly buyerAccountId: string;
      readonly quantity: number;
      readonly price: string;
    }
  | {
      readonly type: 'OfferDirectTrade';
      readonly offerId: string;
      readonly batchId: string;
      readonly sellerAccountId: string;
      readonly buyerAccountId: string;
      readonly quantity: number;
      readonly price: string;
      readonly expiresAt: Date;
    }
  | {
      readonly type: 'AcceptDirectTradeOffer';
      readonly offerId: string;
      readonly tradeId: string;
      readonly buyerAccountId: string;
      /** The buyer's reservation for this offer, already recorded in the buyer's cash stream. */
      readonly funding: OrderFunding;
    }
  | {
      readonly type: 'WithdrawDirectTradeOffer';
      readonly offerId: string;
      readonly requestedBy: string;
      readonly isAdmin: boolean;
    }
  | {
      readonly type: 'RetireCredits';
      readonly retirementId: string;
      readonly batchId: string;
      readonly accountId: string;
      readonly quantity: number;
      readonly beneficiary: string;
      readonly purpose: string;
      readonly standard: RetirementStandard;
      readonly offsetType: OffsetType;
      readonly retiredBy: string;
      /** The use the handler checked the batch qualifies for, and the batch's claims it checked (docs/credit-use.md). */
      readonly use?: RetirementUse;
      readonly claims?: RetiredBatchClaims;
      readonly burnTxHash?: string;
      readonly nftBurnTxHash?: string;
    }
  | {
      readonly type: 'CancelCredits';
      readonly cancellationId: string;
      readonly batchId: string;
      /** Whose tradable serials are cancelled, lowest first. */
      readonly accountId: string;
      readonly quantity: number;
      readonly reason: CancellationReason;
      readonly note: string;
      readonly cancelledBy: string;
      /** The caller acts as the registry (role registry, or an administrator): any account, any reason. */
      readonly asRegistry: boolean;
      /** A reversal covered from the buffer pool: the project and its reversal record. */
      readonly reversal?: { readonly projectId: string; readonly reversalId: string };
    }
  | { readonly type: 'RecordXrplSettlement'; readonly settlement: Omit<XrplSettlementRecorded['data'], 'recordedAt'> };

/** A filled or cancelled order, as the order book read model knows it. */
export interface ClosedOrder {
  readonly ownerId: string;
  readonly status: Extract<OrderStatus, 'completed' | 'cancelled'>;
}

export interface DecideContext {
  readonly now: Date;
  /** Deterministic ids derived from the command id (a retry yields the same ids). */
  readonly newId: (purpose: string) => string;
  readonly market: { readonly projectType: CreditProjectType; readonly vintage: number };
  /**
   * How this market's own events closed an order the state no longer holds (the store remembers
   * recent ones); preferred to the read model's word in `CancelOrder.closed`, which can lag the fill.
   */
  readonly closedOrder?: (orderId: string) => ClosedOrder | undefined;
}

/** The command of one type. */
export type MarketCommandOf<T extends CreditMarketCommand['type']> = Extract<CreditMarketCommand, { readonly type: T }>;

/** Decides one command on the state: its events, or a DomainError; never changes the state. */
export type DecideCommand<T extends CreditMarketCommand['type']> = (
  command: MarketCommandOf<T>,
  state: CreditMarketState,
  context: DecideContext,
) => CreditMarketEvent[];

/** The market as a refusal names it: "Wind Energy 2021". */
export function marketName(context: DecideContext): string {
  return `${context.market.projectType} ${context.market.vintage}`;
}
