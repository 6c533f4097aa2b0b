import {
  type AdjustmentStatus,
  adjustmentStatuses,
  type AuthorizedUse,
  authorizedUses,
  type BatchClaims,
  type BatchClaimsView,
  batchClaimsStreamId,
  batchLabels,
  citedDocument,
  type EventStore,
  foldBatchClaims,
  type CreditLabel,
  type LabelRules,
  NO_BATCH_CLAIMS,
  type RetiredBatchClaims,
  retiredBatchClaims,
  type RetirementUse,
  retirementUseRefusal,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../infrastructure/postgres/database.js';

/** What a batch's labels follow from besides its claims, as the registry read model holds it. */
export interface BatchBasics {
  readonly batchId: string;
  readonly standard: string;
  readonly methodology: string;
  readonly vintage: number;
}

const asUse = (value: string | null): AuthorizedUse | null => authorizedUses.find((use) => use === value) ?? null;
const asAdjustment = (value: string): AdjustmentStatus => adjustmentStatuses.find((status) => status === value) ?? 'not_applicable';

/** A batch's claims and labels as every view that shows a batch carries them (docs/credit-use.md). */
export function claimsView(basics: BatchBasics, claims: BatchClaims, rules: LabelRules): BatchClaimsView {
  const authorization = claims.authorization;
  return {
    authorized: authorization?.authorized === true,
    authorizedUse: authorization?.authorized ? authorization.use : null,
    authorizedOn: authorization?.authorized ? authorization.authorizedOn : null,
    letter: authorization?.letter ? (citedDocument.safeParse(authorization.letter).data ?? null) : null,
    adjustment: claims.adjustment?.status ?? 'not_applicable',
    reportingPeriod: claims.adjustment?.reportingPeriod ?? null,
    labels: batchLabels({ ...basics, claims }, rules),
  };
}

/** The claims of batches as the projects projection holds them; a batch with no row has none recorded. */
export async function readBatchClaims(db: ReadModels, batchIds: readonly string[]): Promise<Map<string, BatchClaims>> {
  const found = new Map<string, BatchClaims>();
  if (batchIds.length === 0) return found;
  const ids = [...new Set(batchIds)];
  const rows = await db
    .selectFrom('batch_claims')
    .selectAll()
    .where(sql<boolean>`token_id = any(${ids}::text[])`)
    .execute();
  for (const row of rows) {
    const letter = row.letter ? citedDocument.safeParse(row.letter) : undefined;
    found.set(row.token_id, {
      authorization:
        row.authorized || row.authorized_on !== null || row.authorized_use !== null || row.host_country !== null
          ? { authorized: row.authorized, use: asUse(row.authorized_use), authorizedOn: row.authorized_on, letter: letter?.success ? letter.data : null }
          : null,
      adjustment: { status: asAdjustment(row.adjustment), reportingPeriod: row.reporting_period },
    });
  }
  return found;
}

/** Claims views of batches (labels included), keyed by batch id, for the read models that list batches or holdings. */
export async function batchClaimsViews(db: ReadModels, batches: readonly BatchBasics[], rules: LabelRules): Promise<Map<string, BatchClaimsView>> {
  const claims = await readBatchClaims(
    db,
    batches.map((batch) => batch.batchId),
  );
  return new Map(batches.map((batch) => [batch.batchId, claimsView(batch, claims.get(batch.batchId) ?? NO_BATCH_CLAIMS, rules)]));
}

/** A batch's claims from its own stream, not a view: what a retirement's use is decided on. */
export async function batchClaimsFromLog(eventStore: EventStore, batchId: string): Promise<BatchClaims> {
  return foldBatchClaims(await eventStore.readStream(batchClaimsStreamId(batchId)));
}

/** Whether a batch's serials may be retired for a use: the missing condition, or the claims the retirement records. */
export type UseCheck = { readonly refusal: string } | { readonly refusal?: undefined; readonly claims: RetiredBatchClaims | undefined };

/**
 * A retirement's use decided on the batch's claims stream (not a view, so a claim recorded a moment
 * ago counts). A batch the registry view does not list yet is retired for voluntary use only, with
 * no claims recorded.
 */
export async function checkRetirementUse(
  eventStore: EventStore,
  db: ReadModels,
  rules: LabelRules,
  batch: { readonly batchId: string; readonly vintage: number },
  use: RetirementUse,
): Promise<UseCheck> {
  const [claims, row] = await Promise.all([
    batchClaimsFromLog(eventStore, batch.batchId),
    db.selectFrom('credit_batches').select(['standard', 'methodology']).where('token_id', '=', batch.batchId).executeTakeFirst(),
  ]);
  const facts = { ...batch, standard: row?.standard ?? '', methodology: row?.methodology ?? '', claims };
  const refusal = retirementUseRefusal(use, facts, rules);
  if (refusal !== undefined) return { refusal };
  return { claims: row ? retiredBatchClaims(facts, rules) : undefined };
}

/**
 * The labels of every batch of a market as the registry read model shows them: what a labelled bid
 * is matched on (docs/credit-use.md, "Bids for labelled credits"). One query for the market.
 */
export async function marketBatchLabels(
  db: ReadModels,
  market: { readonly projectType: string; readonly vintage: number },
  rules: LabelRules,
): Promise<Map<string, CreditLabel[]>> {
  const rows = await db
    .selectFrom('credit_batches')
    .select(['token_id', 'standard', 'methodology', 'vintage'])
    .where('project_type', '=', market.projectType)
    .where('vintage', '=', market.vintage)
    .execute();
  const views = await batchClaimsViews(
    db,
    rows.map((row) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage })),
    rules,
  );
  return new Map([...views].map(([batchId, view]) => [batchId, view.labels]));
}

/** The batches with serials in a sell order's escrow that carry `label`: what a label filter on listings keeps. */
export async function escrowedBatchesLabelled(db: ReadModels, label: CreditLabel, rules: LabelRules): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_batches')
    .select(['token_id', 'standard', 'methodology', 'vintage'])
    .where(sql<boolean>`token_id in (select token_id from credit_holdings where status = 'reserved')`)
    .execute();
  const views = await batchClaimsViews(
    db,
    rows.map((row) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage })),
    rules,
  );
  return [...views].filter(([, view]) => view.labels.includes(label)).map(([batchId]) => batchId);
}

/** The labels every serial in each open sell order's escrow carries (an order with nothing in escrow has none). */
export async function escrowLabels(db: ReadModels, orderIds: readonly string[], rules: LabelRules): Promise<Map<string, CreditLabel[]>> {
  const found = new Map<string, CreditLabel[]>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .selectFrom('credit_holdings as h')
    .innerJoin('credit_batches as b', 'b.token_id', 'h.token_id')
    .select(['h.order_id', 'b.token_id', 'b.standard', 'b.methodology', 'b.vintage'])
    .distinct()
    .where('h.status', '=', 'reserved')
    .where(sql<boolean>`h.order_id::text = any(${[...new Set(orderIds)]}::text[])`)
    .execute();
  const views = await batchClaimsViews(
    db,
    rows.map((row) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage })),
    rules,
  );
  for (const row of rows) {
    if (row.order_id === null) continue;
    const labels = views.get(row.token_id)?.labels ?? [];
    const before = found.get(row.order_id);
    found.set(row.order_id, before === undefined ? labels : before.filter((label) => labels.includes(label)));
  }
  return found;
}

/** The labels every credit an account holds (tradable or in escrow) in each market carries, keyed "<projectType>|<vintage>". */
export async function holdingLabels(db: ReadModels, accountId: string, rules: LabelRules): Promise<Map<string, CreditLabel[]>> {
  const rows = await db
    .selectFrom('credit_holdings as h')
    .innerJoin('credit_batches as b', 'b.token_id', 'h.token_id')
    .select(['b.token_id', 'b.project_type', 'b.standard', 'b.methodology', 'b.vintage'])
    .distinct()
    .where('h.account_id', '=', accountId)
    .where('h.status', 'in', ['tradable', 'reserved'])
    .execute();
  const views = await batchClaimsViews(
    db,
    rows.map((row) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage })),
    rules,
  );
  const found = new Map<string, CreditLabel[]>();
  for (const row of rows) {
    const key = `${row.project_type}|${row.vintage}`;
    const labels = views.get(row.token_id)?.labels ?? [];
    const before = found.get(key);
    found.set(key, before === undefined ? labels : before.filter((label) => labels.includes(label)));
  }
  return found;
}
