import { isPortfolioEvent, portfolioEventTypes, type RecordedEvent } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { Projection, ProjectionWriter } from '../runtime/projection.js';
import { applyEach } from '../runtime/projection.js';

async function apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
  if (!isPortfolioEvent(recorded)) return false;
  const event = recorded;
  switch (event.type) {
    case 'PortfolioCreated': {
      const { data } = event;
      await db
        .insertInto('portfolios')
        .values({
          portfolio_id: data.portfolioId,
          owner_id: data.ownerId,
          name: data.name,
          description: data.description,
          risk_profile: data.riskProfile,
          created_at: data.createdAt,
        })
        .onConflict((conflict) => conflict.column('portfolio_id').doNothing())
        .execute();
      return true;
    }
    case 'SuggestionImplemented':
      await db
        .updateTable('portfolios')
        .set({ implemented_suggestions: sql`implemented_suggestions + 1` })
        .where('portfolio_id', '=', event.data.portfolioId)
        .execute();
      return true;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

/** The portfolios of every owner (GET /api/portfolios/{userId}). */
export const portfoliosProjection: Projection = {
  name: 'portfolios',
  eventTypes: portfolioEventTypes,
  views: ['portfolios'],
  tables: ['portfolios'],
  applyBatch: applyEach(apply),
};
