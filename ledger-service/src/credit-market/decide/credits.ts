import { type CancellationReason, type SerialRange, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { DomainError } from '../../shared/domain-error.js';
import { type DecideCommand, marketName, type TokenizeInput } from '../market-commands.js';
import { type CreditMarketEvent, requireBatch, takeOfBatch, takeSerials, tradableOf } from '../market-state.js';
import { totalSize } from '../serial-ranges.js';

/** A batch issued into its holder's account; with `tokenize`, the whole batch goes into the vault in the same decision. */
export const decideIssueCredits: DecideCommand<'IssueCredits'> = (command, state, context) => {
  const { batch, tokenize } = command;
  if (state.batches.has(batch.batchId)) throw new DomainError('Conflict', `Token ${batch.batchId} was already issued`);
  if (batch.quantity < 1) throw new DomainError('ValidationFailed', 'A batch must hold at least 1 credit');
  const at = context.now.toISOString();
  const issued: CreditMarketEvent = { type: 'CreditsIssued', data: { ...batch, issuedAt: at } };
  if (!tokenize) return [issued];
  return [issued, tokenized(tokenize, batch.batchId, batch.accountId, [{ batchId: batch.batchId, start: 1, end: batch.quantity }], at)];
};

export const decideTokenizeCredits: DecideCommand<'TokenizeCredits'> = (command, state, context) => {
  requireBatch(state, command.batchId);
  if (command.accountId === VAULT_ACCOUNT_ID) throw new DomainError('ValidationFailed', 'The vault cannot tokenize its own credits');
  const ranges = takeOfBatch(state, command.accountId, command.quantity, command.batchId);
  return [tokenized(command, command.batchId, command.accountId, ranges, context.now.toISOString())];
};

/** Serials out of the vault: the command's batch first, then the market's other vault batches in issue order. */
export const decideRedeemCredits: DecideCommand<'RedeemCredits'> = (command, state, context) => {
  const preferred = command.batchId ? tradableOf(state, VAULT_ACCOUNT_ID, command.batchId) : [];
  const held = [...preferred, ...tradableOf(state, VAULT_ACCOUNT_ID).filter((range) => range.batchId !== command.batchId)];
  if (totalSize(held) < command.quantity) {
    throw new DomainError('Conflict', `The vault holds ${totalSize(held)} ${marketName(context)} credits, ${command.quantity} needed`, {
      available: totalSize(held),
      requested: command.quantity,
    });
  }
  return [
    {
      type: 'CreditsRedeemed',
      data: {
        redemptionId: command.redemptionId,
        accountId: command.accountId,
        xrplAddress: command.xrplAddress,
        quantity: command.quantity,
        ranges: takeSerials(held, command.quantity),
        reason: command.reason,
        ...(command.burnTxHash ? { burnTxHash: command.burnTxHash } : {}),
        ...(command.tokenizationId ? { tokenizationId: command.tokenizationId } : {}),
        redeemedAt: context.now.toISOString(),
      },
    },
  ];
};

export const decideRetireCredits: DecideCommand<'RetireCredits'> = (command, state, context) => {
  requireBatch(state, command.batchId);
  const ranges = takeOfBatch(state, command.accountId, command.quantity, command.batchId);
  const { type: _type, ...rest } = command;
  return [{ type: 'CreditsRetired', data: { ...rest, ranges, retiredAt: context.now.toISOString() } }];
};

/** Reasons a holder may give for cancelling their own serials; the others are the registry's. */
const HOLDER_CANCELLATION_REASONS: ReadonlySet<CancellationReason> = new Set(['voluntary']);

export const decideCancelCredits: DecideCommand<'CancelCredits'> = (command, state, context) => {
  requireBatch(state, command.batchId);
  if (command.quantity < 1 || !Number.isInteger(command.quantity)) throw new DomainError('ValidationFailed', 'Cancel at least 1 whole credit');
  if (!command.asRegistry) {
    if (command.accountId !== command.cancelledBy) throw new DomainError('Forbidden', 'Only the holder of credits, or the registry, can cancel them');
    if (!HOLDER_CANCELLATION_REASONS.has(command.reason)) {
      throw new DomainError('Forbidden', `Only the registry cancels credits for the reason "${command.reason}"; a holder cancels voluntarily`);
    }
  }
  // The vault's serials back NXCC on XRPL: they come out by a redemption, never by a cancellation.
  if (command.accountId === VAULT_ACCOUNT_ID) throw new DomainError('Conflict', 'Credits in the vault back NXCC on XRPL; redeem them before cancelling');
  if (command.reason === 'reversal' && !command.reversal)
    throw new DomainError('ValidationFailed', 'A reversal cancellation names the project and its reversal');
  const ranges = takeOfBatch(state, command.accountId, command.quantity, command.batchId);
  return [
    {
      type: 'CreditsCancelled',
      data: {
        cancellationId: command.cancellationId,
        batchId: command.batchId,
        accountId: command.accountId,
        quantity: command.quantity,
        ranges,
        reason: command.reason,
        note: command.note,
        cancelledBy: command.cancelledBy,
        byRegistry: command.asRegistry,
        ...(command.reversal ? { reversal: { ...command.reversal } } : {}),
        cancelledAt: context.now.toISOString(),
      },
    },
  ];
};

export const decideRecordXrplSettlement: DecideCommand<'RecordXrplSettlement'> = (command, state, context) => {
  const batch = requireBatch(state, command.settlement.batchId);
  // Settling the same subject twice (a reaction delivered again) records nothing new.
  if (batch.settled.has(`${command.settlement.subject}:${command.settlement.subjectId}`)) return [];
  return [{ type: 'XrplSettlementRecorded', data: { ...command.settlement, recordedAt: context.now.toISOString() } }];
};

function tokenized(input: TokenizeInput, batchId: string, accountId: string, ranges: SerialRange[], at: string): CreditMarketEvent {
  return {
    type: 'CreditsTokenized',
    data: {
      tokenizationId: input.tokenizationId,
      batchId,
      accountId,
      xrplAddress: input.xrplAddress,
      quantity: totalSize(ranges),
      ranges,
      requestedBy: input.requestedBy,
      ...(input.paymentTxHash ? { paymentTxHash: input.paymentTxHash } : {}),
      tokenizedAt: at,
    },
  };
}
