import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  comparePositions,
  DuplicateEventId,
  type EventStore,
  type PlacedSuggestionOrder,
  portfolioStreamId,
  type Position,
  type RiskProfile,
  suggestionIdPattern,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import { FUNDED_BUYS, type FundedBuys } from '../../credit-market/funded-buys.port.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { aggregateStream, handleCommand } from '../../shared/handle-command.js';
import { type PortfolioCommand, portfolioDecider } from '../portfolio.decider.js';
import { suggestionKeyOf } from '../optimizer/portfolio-optimizer.js';
import { suggestionsFor } from '../queries/get-suggestions.handler.js';
import { MarketFacts } from '../queries/market-facts.js';

export interface ImplementSuggestionResult {
  readonly alreadyImplemented: boolean;
  readonly orders: readonly PlacedSuggestionOrder[];
  /** The last event written (or found) for this suggestion. */
  readonly position: Position;
}

export class ImplementSuggestionCommand extends Command<ImplementSuggestionResult> {
  constructor(
    readonly portfolioId: string,
    readonly ownerId: string,
    readonly riskProfile: RiskProfile,
    readonly suggestionId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Places a suggestion's orders through the order path (the KYC gate of POST /api/orders, then
 * each order on its market) and records SuggestionImplemented. Every id derives from the
 * portfolio and the suggestion's content, so implementing it again places nothing new.
 */
@CommandHandler(ImplementSuggestionCommand)
export class ImplementSuggestionHandler implements ICommandHandler<ImplementSuggestionCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
    @Inject(FUNDED_BUYS) private readonly funded: FundedBuys,
    private readonly facts: MarketFacts,
  ) {}

  /** Implementations of one portfolio run one after another in this process (see execute). */
  private readonly running = new Map<string, Promise<unknown>>();

  /**
   * A second click while the first implementation places its orders waits for it, then finds the
   * suggestion implemented: the orders change the list, so run together the second would find the
   * suggestion gone (or changed) instead of answering the first implementation.
   */
  execute(command: ImplementSuggestionCommand): Promise<ImplementSuggestionResult> {
    const before = this.running.get(command.portfolioId) ?? Promise.resolve();
    const mine = before.catch(() => undefined).then(() => this.implement(command));
    this.running.set(command.portfolioId, mine);
    void mine
      .catch(() => undefined)
      .finally(() => {
        if (this.running.get(command.portfolioId) === mine) this.running.delete(command.portfolioId);
      });
    return mine;
  }

  private async implement({ portfolioId, ownerId, riskProfile, suggestionId, context }: ImplementSuggestionCommand): Promise<ImplementSuggestionResult> {
    const streamId = portfolioStreamId(portfolioId);
    const { state, applied } = await aggregateStream(this.eventStore, streamId, portfolioDecider);
    if (!state.portfolioId || state.ownerId !== ownerId) throw new DomainError('NotFound', 'Portfolio not found');

    // Implemented already (the list no longer offers it once its orders are placed): the first answer again.
    const keyPrefix = suggestionIdPattern.exec(suggestionId)?.[1] ?? '';
    const implementedKey = [...state.implemented.keys()].find((key) => key.startsWith(keyPrefix));
    if (implementedKey) {
      const earlier = state.implemented.get(implementedKey)!;
      // SuggestionImplemented was recorded under the implementation's command id.
      const implementationId = deriveId(`portfolio:${portfolioId}`, `suggestion:${implementedKey}`);
      return { alreadyImplemented: true, orders: earlier.orders, position: applied.get(implementationId) ?? [...applied.values()].at(-1)! };
    }
    const offered = await suggestionsFor(this.db, this.facts, ownerId, riskProfile, context.now);
    const suggestion = offered.find((candidate) => candidate.id === suggestionId);
    if (!suggestion) throw new DomainError('NotFound', 'Suggestion not found: the suggestions have changed since they were shown; refresh them');
    const suggestionKey = suggestionKeyOf(suggestion.type, suggestion.recommendedActions);
    const implementationId = deriveId(`portfolio:${portfolioId}`, `suggestion:${suggestionKey}`);

    await this.kyc.requireVerifiedTrader(ownerId, context.now);
    const orders: PlacedSuggestionOrder[] = [];
    let last: Position | undefined;
    for (const [index, recommended] of suggestion.recommendedActions.entries()) {
      // One command id per order of this suggestion: a retry is answered as a replay by its market.
      const commandId = deriveId(implementationId, `order:${index}`);
      const orderId = deriveId(commandId, 'order');
      const order = {
        type: recommended.side,
        amount: recommended.amount,
        price: recommended.price,
        projectType: recommended.projectType,
        vintage: recommended.vintage,
      };
      const orderContext = { ...context, commandId, causationId: context.commandId };
      // A buy is paid for before it enters the book (docs/funds.md).
      const outcome =
        order.type === 'buy'
          ? await this.funded.placeBuy(orderId, ownerId, order, orderContext, () => undefined)
          : await this.markets.execute(
              recommended.projectType,
              recommended.vintage,
              { type: 'PlaceOrder', orderId, ownerId, order },
              orderContext,
              () => undefined,
            );
      if (!last || comparePositions(outcome.position, last) > 0) last = outcome.position;
      orders.push({
        orderId,
        side: recommended.side,
        amount: recommended.amount,
        price: recommended.price,
        projectType: recommended.projectType,
        vintage: recommended.vintage,
      });
    }
    const recorded = await this.record(
      streamId,
      implementationId,
      {
        type: 'RecordSuggestionImplemented',
        suggestionId,
        suggestionKey,
        suggestionType: suggestion.type,
        title: suggestion.title,
        orders,
        implementedBy: context.actor.userId,
      },
      context,
    );
    const position = last && comparePositions(last, recorded.position) > 0 ? last : recorded.position;
    return { alreadyImplemented: recorded.replayed, orders, position };
  }

  /**
   * Appends SuggestionImplemented under the implementation's own command id. A concurrent call
   * for the same suggestion collides on that id (or on the stream version): it then answers with
   * what the other call recorded, as a replay.
   */
  private async record(
    streamId: string,
    implementationId: string,
    command: Extract<PortfolioCommand, { type: 'RecordSuggestionImplemented' }>,
    context: CommandContext,
  ): Promise<{ position: Position; replayed: boolean }> {
    const run = () =>
      handleCommand(this.eventStore, streamId, portfolioDecider, {
        command,
        context: { ...context, commandId: implementationId, causationId: context.commandId },
      });
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DuplicateEventId) && !(error instanceof WrongExpectedVersion)) throw error;
      return run();
    }
  }
}
