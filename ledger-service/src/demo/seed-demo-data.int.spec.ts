import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DB } from '../auth/auth.tokens.js';
import { ensureFirstAdmin } from '../auth/first-admin.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { serviceForSuite, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { DEMO_EMAIL_DOMAIN, DEMO_MARK, demoSeedingUnfinished, seedDemoData } from './seed-demo-data.js';
import { CashLedger } from '../funds/cash-ledger.js';

describe('Demo organisation: a start stopped while seeding is finished by the next one', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  const log: string[] = [];

  beforeAll(async () => {
    await ensureFirstAdmin(service.app.get(AUTH_DB), service.app.get(CommandBus));
  });

  async function demoRecords() {
    const db = service.app.get<ReadModels>(READ_MODELS);
    const head = await service.app.get<EventStore>(EVENT_STORE).headPosition();
    await service.app.get(ProjectionHost).waitFor(['users', 'kyc-status', 'credit-registry', 'credit-retirements', 'order-book', 'portfolios'], head, 15_000);
    const users = await db.selectFrom('users').select(['user_id', 'name']).where('email', 'like', `%@${DEMO_EMAIL_DOMAIN}`).execute();
    const userIds = users.map((user) => user.user_id);
    return {
      users: users.map((user) => user.name).sort(),
      verifiedKyc: await db.selectFrom('kyc_status').select('owner_id').where('owner_id', 'in', userIds).where('kyc_status', '=', 'verified').execute(),
      batches: await db.selectFrom('credit_batches').select('project_name').where('project_name', 'like', `${DEMO_MARK} · %`).execute(),
      orders: await db.selectFrom('order_book').select('order_id').where('owner_id', 'in', userIds).execute(),
      portfolios: await db.selectFrom('portfolios').select(['name', 'risk_profile']).where('name', 'like', `${DEMO_MARK} · %`).orderBy('name').execute(),
      retirements: await db
        .selectFrom('credit_retirements')
        .select(['beneficiary', 'quantity'])
        .where('account_id', 'in', userIds)
        .orderBy('quantity')
        .execute(),
    };
  }

  it('stops between steps when told to, and says the seeding is unfinished', async () => {
    const stop = new AbortController();
    const steps: string[] = [];
    const stopped = seedDemoData(service.app, {
      log: (line) => log.push(line),
      signal: stop.signal,
      onStep: (step) => {
        steps.push(step);
        if (step === 'issue:DEMO-WND-002') stop.abort();
      },
    });
    await expect(stopped).rejects.toThrow();
    // Six users, two KYC steps for each of the three with an address, the verifier's accreditation, the first
    // project's seven steps (draft, validation asked, validated, registered, report filed, verified, approved)
    // and the second's first five.
    expect(steps).toHaveLength(25);
    expect(await demoSeedingUnfinished(service.app)).toBe(true);
    const partial = await demoRecords();
    expect(partial.users).toHaveLength(6);
    expect(partial.verifiedKyc).toHaveLength(3);
    // Only the approved report's batch: the issuance reaction issues it from the log.
    await expect.poll(async () => (await demoRecords()).batches.length, { timeout: 15_000 }).toBe(1);
    expect(partial.orders).toHaveLength(0);
    expect(partial.retirements).toHaveLength(0);
    expect(partial.portfolios).toHaveLength(0);
  }, 120_000);

  it('finishes on the next run, recording only the missing steps, and nothing twice', async () => {
    const outcome = await seedDemoData(service.app, { log: (line) => log.push(line) });
    // Verified KYC is not asked again; the 6 users, the accreditation and the 12 registry steps done replay; the rest
    // of the registry's 45 steps, the 4 steps of two batches' authorization and adjustment, 3 transfers, the 2 buyers' test USD
    // deposits, 10 orders (one a bid for labelled credits), 4 portfolios, a cancellation, a reversal and 4 retirements (one for CORSIA) are new.
    expect(outcome).toEqual({ steps: 81, recorded: 62 });
    // The head a reader sees may trail the last retirement for a moment: a projection batch that took
    // its transaction id before the retirement's holds the log's horizon until it commits.
    await expect.poll(() => demoSeedingUnfinished(service.app), { timeout: 15_000 }).toBe(false);
    const complete = await demoRecords();
    expect(complete.users).toHaveLength(6);
    expect(complete.verifiedKyc).toHaveLength(3);
    // Four issued projects; the reforestation issuance is two batches, the proponent's and the buffer pool's.
    expect(complete.batches).toHaveLength(5);
    expect(complete.orders).toHaveLength(10);
    // The buyers paid for their buys with real deposits: the demo ledger sums to zero and nobody is below it.
    const ledger = new CashLedger();
    for (const event of await service.runtime.eventStore.readAll({ limit: 100_000 })) ledger.apply(event);
    expect(ledger.totals()).toEqual({ posted: 0, pending: 0 });
    expect(ledger.violations).toEqual([]);
    expect(ledger.negativeUsers()).toEqual([]);
    expect(ledger.account('platform:clearing').debitsPosted).toBe(2 * 10_000_00);
    expect(complete.retirements.map((retirement) => retirement.quantity)).toEqual([20, 40, 75, 150]);
    // Two batches authorized with their adjustment, the others plain; one retirement for CORSIA.
    const events = await service.runtime.eventStore.readAll({ limit: 100_000 });
    expect(events.filter((event) => event.type === 'BatchAuthorizationRecorded').map((event) => (event.data as { use: string }).use)).toEqual(['oimp', 'ndc']);
    expect(events.filter((event) => event.type === 'CreditsRetired').map((event) => (event.data as { use?: string }).use)).toContain('corsia');
    // Each holder and the administrator get a portfolio, so /portfolio starts filled.
    expect(complete.portfolios.map((portfolio) => portfolio.risk_profile)).toEqual(['aggressive', 'moderate', 'conservative', 'moderate']);
    // Every screen has a cancellation (voluntary, no claim) and a reversal the buffer pool covered in full.
    const db = service.app.get<ReadModels>(READ_MODELS);
    expect(await db.selectFrom('credit_cancellations').select(['quantity', 'reason']).where('reversal_id', 'is', null).execute()).toEqual([
      { quantity: 10, reason: 'voluntary' },
    ]);
    await expect
      .poll(() => db.selectFrom('project_reversals').select(['project_id', 'quantity', 'covered', 'shortfall']).execute(), { timeout: 15_000 })
      .toEqual([{ project_id: 'DEMO-REF-003', quantity: 30, covered: 30, shortfall: 0 }]);
    expect(log).toEqual([]);
  }, 120_000);

  it('records nothing when run once more', async () => {
    expect(await seedDemoData(service.app, { log: (line) => log.push(line) })).toEqual({ steps: 81, recorded: 0 });
    const again = await demoRecords();
    expect([again.users.length, again.batches.length, again.orders.length, again.retirements.length, again.portfolios.length]).toEqual([6, 5, 10, 4, 4]);
  }, 120_000);
});
