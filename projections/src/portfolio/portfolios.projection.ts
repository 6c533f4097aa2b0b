import { isPortfolioEvent, portfolioEventTypes, type RecordedEvent } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter } from '../runtime/projection.js';

async function apply(recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
  if (!isPortfolioEvent(recorded)) return false;
  const event = recorded;
  switch (event.type) {
    case 'PortfolioCreated': {
      const { data } = event;
      await insertOnce(db, 'portfolios', 'portfolio_id', {
        portfolio_id: data.portfolioId,
        owner_id: data.ownerId,
        name: data.name,
        description: data.description,
        risk_profile: data.riskProfile,
        created_at: data.createdAt,
      });
      return true;
    }
    case 'SuggestionImplemented':
      await db
        .updateTable('portfolios')
        .set({ implemented_suggestions: sql`implemented_suggestions + 1` })
        .where('portfolio_id', '=', event.data.portfolioId)
        .execute();
      return true;
    default:
      return exhaustive(event);
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
