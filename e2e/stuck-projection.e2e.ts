import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPool, PostgresEventStore, toEventsToAppend } from '@carbon-ledger/ledger-service/testing';
import { screenshot } from './support/browser.js';
import { useBrowserSession } from './support/session.js';

describe('a stuck projection, shown to administrators in Chromium', () => {
  const session = useBrowserSession();

  it('shows which projection stopped, at which event and why, above every screen', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByTestId('stuck-projections-alert').count()).toBe(0);

    // An order from before the contracts' bounds, as an old log holds it: beyond what the AML read model stores.
    const connectionString = `postgres://postgres:carbon-ledger-local@127.0.0.1:${service.postgresPort}/carbon_ledger`;
    const pool = createPool(connectionString);
    const store = new PostgresEventStore(pool, { connectionString });
    const orderId = randomUUID();
    const commandId = randomUUID();
    let position: string;
    try {
      const appended = await store.appendToStream(
        `order-legacy-${orderId}`,
        toEventsToAppend(
          [
            {
              type: 'OrderPlaced',
              data: {
                orderId,
                ownerId: 'legacy',
                side: 'buy',
                amount: 1_000_000_000,
                price: '100000.00',
                projectType: 'Solar Energy',
                vintage: 2026,
                placedAt: new Date().toISOString(),
              },
            },
          ],
          { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'legacy', role: 'trader' }, now: new Date() },
        ),
        { expected: 'no_stream' },
      );
      position = `${appended.position.commit}:${appended.position.prepare}`;
    } finally {
      await store.close();
      await pool.end().catch(() => undefined);
    }

    // The alert polls every 15 s; a reload asks at once, once the projection has tried.
    const deadline = Date.now() + 30_000;
    while ((await fetch(`${service.baseUrl}/api/health`)).status !== 503 && Date.now() < deadline) await page.waitForTimeout(200);
    await page.reload();
    const alert = page.getByTestId('stuck-projections-alert');
    await alert.waitFor({ timeout: 30_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('Read models or reactions have stopped');
    expect(text).toContain(`projection aml-alerts stopped at event ${position} (OrderPlaced)`);
    expect(text).toContain('numeric field overflow');
    expect((await fetch(`${service.baseUrl}/api/health`)).status).toBe(503);
    await screenshot(page, 'stuck-projection-alert', { fullPage: false });
  });
});
