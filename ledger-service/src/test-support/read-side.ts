import { randomUUID } from 'node:crypto';
import type { CreditEvent, OrderEvent, Position, ProjectionName, XrplActionEvent } from '@carbon-ledger/contracts';
import { expect } from 'vitest';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { toEventsToAppend } from '../shared/command-context.js';
import { registryBatch } from './registry-batch.js';
import type { ServiceUnderTest, SignedInClient } from './service-under-test.js';

/**
 * Plants events in the log as one admin command would have recorded them, and waits until `views` have
 * projected them: read-side tests start from a history, not from the commands that would make it.
 */
export async function appendAndProject(
  service: ServiceUnderTest,
  views: readonly ProjectionName[],
  streamId: string,
  events: readonly { type: string; data: unknown }[],
): Promise<Position> {
  const commandId = randomUUID();
  const { position } = await service.runtime.eventStore.appendToStream(
    streamId,
    toEventsToAppend(events, { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'admin' }, now: new Date() }),
    { expected: 'any' },
  );
  expect(await service.app.get(ProjectionHost).waitFor(views, position, 10_000)).toBe(true);
  return position;
}

/** GETs `path` as `client`, expecting 200. */
export async function getJson(client: SignedInClient, path: string): Promise<unknown> {
  const response = await client.request('GET', path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return response.json();
}

/** The 2023 Reforestation batch the read-side specs issue, order and trade. */
export const REFORESTATION_BATCH = 'REFOREST-2023-0000AAAA';

export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

/** An order in the 2023 Reforestation market, placed 50 minutes ago; `reserved` is the serial range of the batch a sell holds back. */
export function reforestationOrder(
  orderId: string,
  ownerId: string,
  side: 'buy' | 'sell',
  amount: number,
  price: string,
  reserved?: [number, number],
): OrderEvent {
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      ownerId,
      side,
      amount,
      price,
      projectType: 'Reforestation',
      vintage: 2023,
      ...(reserved ? { reserved: [{ batchId: REFORESTATION_BATCH, start: reserved[0], end: reserved[1] }] } : {}),
      placedAt: minutesAgo(50),
    },
  };
}

/** A registry batch issued `minutes` ago: Green Valley Reforestation, or Coastal Wind for a Wind Energy one. */
export function creditsIssued(
  batchId: string,
  quantity: number,
  accountId: string,
  projectType: 'Reforestation' | 'Wind Energy',
  vintage: number,
  minutes = 60,
): CreditEvent {
  return {
    type: 'CreditsIssued',
    data: {
      ...registryBatch(batchId, accountId, quantity, {
        projectId: `proj-${batchId}`,
        projectName: projectType === 'Reforestation' ? 'Green Valley Reforestation' : 'Coastal Wind',
        projectType,
        description: 'Native species on degraded pasture',
        vintage,
        methodology: 'AR-ACM0003',
        scopes: { scope1: 15000, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
      }),
      issuedAt: minutesAgo(minutes),
    },
  };
}

/** A trade of `quantity` serials of the Reforestation batch from `start` on, `minutes` ago; `orders` are the matched ones (none: a direct trade). */
export function reforestationTrade(
  kind: 'order-match' | 'direct',
  buyerAccountId: string,
  sellerAccountId: string,
  quantity: number,
  price: string,
  start: number,
  minutes: number,
  orders: { buy: string; sell: string } | null,
): CreditEvent {
  return {
    type: 'TradeExecuted',
    data: {
      tradeId: randomUUID(),
      kind,
      projectType: 'Reforestation',
      vintage: 2023,
      buyOrderId: orders?.buy ?? null,
      sellOrderId: orders?.sell ?? null,
      aggressor: orders ? 'buy' : null,
      buyerAccountId,
      sellerAccountId,
      quantity,
      price,
      ranges: [{ batchId: REFORESTATION_BATCH, start, end: start + quantity - 1 }],
      settlement: { status: 'pending' },
      executedAt: minutesAgo(minutes),
    },
  };
}

/** A purchase of 4 `creditId` through the XRPL AMM by `userId`, 5 minutes ago. */
export function ammSwap(txHash: string, userId: string, creditId: string): XrplActionEvent {
  return {
    type: 'XrplCreditsSwapped',
    data: {
      txHash,
      account: 'rBuyer',
      userId,
      sellerAddress: 'rSeller',
      creditId,
      creditAmount: '4',
      xrpDrops: '10000000',
      executedAt: minutesAgo(5),
    },
  };
}
