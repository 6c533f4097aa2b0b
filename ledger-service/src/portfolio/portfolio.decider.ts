import {
  type CreatePortfolioCommandInput,
  isPortfolioEvent,
  type PlacedSuggestionOrder,
  type PortfolioEvent,
  type SuggestionImplemented,
  type SuggestionType,
} from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

export interface PortfolioState {
  readonly portfolioId: string | undefined;
  readonly ownerId: string | undefined;
  /** By suggestion key: what implementing it recorded. */
  readonly implemented: ReadonlyMap<string, SuggestionImplemented['data']>;
}

export const initialPortfolioState: PortfolioState = { portfolioId: undefined, ownerId: undefined, implemented: new Map() };

export type PortfolioCommand =
  | {
      readonly type: 'CreatePortfolio';
      readonly portfolioId: string;
      readonly ownerId: string;
      readonly request: CreatePortfolioCommandInput;
    }
  | {
      readonly type: 'RecordSuggestionImplemented';
      readonly suggestionId: string;
      readonly suggestionKey: string;
      readonly suggestionType: SuggestionType;
      readonly title: string;
      readonly orders: readonly PlacedSuggestionOrder[];
      readonly implementedBy: string;
    };

export function evolvePortfolio(state: PortfolioState, event: PortfolioEvent): PortfolioState {
  switch (event.type) {
    case 'PortfolioCreated':
      return { ...state, portfolioId: event.data.portfolioId, ownerId: event.data.ownerId };
    case 'SuggestionImplemented': {
      const implemented = new Map(state.implemented);
      implemented.set(event.data.suggestionKey, event.data);
      return { ...state, implemented };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function decidePortfolio(command: PortfolioCommand, state: PortfolioState, context: { readonly now: Date }): PortfolioEvent[] {
  const at = context.now.toISOString();
  switch (command.type) {
    case 'CreatePortfolio':
      if (state.portfolioId) throw new DomainError('Conflict', 'This portfolio already exists');
      return [
        {
          type: 'PortfolioCreated',
          data: {
            portfolioId: command.portfolioId,
            ownerId: command.ownerId,
            name: command.request.name,
            description: command.request.description,
            riskProfile: command.request.riskProfile,
            createdAt: at,
          },
        },
      ];
    case 'RecordSuggestionImplemented':
      if (!state.portfolioId) throw new DomainError('NotFound', 'Portfolio not found');
      // The same suggestion again: its orders were placed once, nothing more to record.
      if (state.implemented.has(command.suggestionKey)) return [];
      return [
        {
          type: 'SuggestionImplemented',
          data: {
            portfolioId: state.portfolioId,
            suggestionId: command.suggestionId,
            suggestionKey: command.suggestionKey,
            suggestionType: command.suggestionType,
            title: command.title,
            orders: [...command.orders],
            implementedBy: command.implementedBy,
            implementedAt: at,
          },
        },
      ];
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** The portfolio stream's decider, for handleCommand. */
export const portfolioDecider: Decider<PortfolioState, PortfolioCommand, PortfolioEvent> = {
  decide: decidePortfolio,
  evolve: evolvePortfolio,
  initialState: () => initialPortfolioState,
  isEvent: isPortfolioEvent,
};
