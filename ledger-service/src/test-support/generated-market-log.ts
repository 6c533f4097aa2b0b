import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, type EventStore, projectTypeCodes, retirementStandards, seededRandom } from '@carbon-ledger/contracts';
import { type CreditMarketCommand, decideCreditMarket } from '../credit-market/credit-market.decider.js';
import { evolveCreditMarket } from '../credit-market/market-evolve.js';
import { initialCreditMarketState } from '../credit-market/market-state.js';
import { DomainError } from '../shared/domain-error.js';
import { deriveId, toEventsToAppend } from '../shared/command-context.js';

export const MARKET = { projectType: 'Forestry', vintage: 2024 } as const;
export const STREAM = creditMarketStreamId(MARKET.projectType, MARKET.vintage);
const ACCOUNTS = ['acct-a', 'acct-b', 'acct-c'];

/**
 * Test only: a market's log decided by the credit market's decider, as the service would write it: batches
 * issued, then transfers, retirements, sell orders (reserving serials of several batches) crossed
 * or cancelled, direct offers withdrawn and XRPL settlements, picked at random.
 */
export class MarketLog {
  private readonly state = initialCreditMarketState();
  private readonly random: () => number;
  readonly batches: { batchId: string; quantity: number }[] = [];
  private readonly retirements: { retirementId: string; batchId: string }[] = [];
  private readonly openOrders: { orderId: string; ownerId: string }[] = [];
  private readonly openOffers: { offerId: string; sellerAccountId: string }[] = [];
  private step = 0;

  private readonly start: number;
  private readonly stepMs: number;

  /** `stepMs` between two commands from `start` (a minute from 2026-01-01), or more to spread the log over years. */
  constructor(
    private readonly store: EventStore,
    options: { readonly start?: number; readonly stepMs?: number; readonly seed?: number } = {},
  ) {
    this.random = seededRandom(options.seed ?? 7);
    this.start = options.start ?? Date.UTC(2026, 0, 1);
    this.stepMs = options.stepMs ?? 60_000;
  }

  /** The time the next command is decided at. */
  now(): Date {
    return new Date(this.start + (this.step + 1) * this.stepMs);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)]!;
  }

  private async decide(command: CreditMarketCommand, actor: string): Promise<boolean> {
    this.step += 1;
    const commandId = randomUUID();
    const now = new Date(this.start + this.step * this.stepMs);
    let decided;
    try {
      decided = decideCreditMarket(command, this.state, { now, newId: (purpose) => deriveId(commandId, purpose), market: MARKET });
    } catch (error) {
      if (error instanceof DomainError) return false;
      throw error;
    }
    // A settlement recorded once already decides nothing.
    if (decided.length === 0) return false;
    for (const event of decided) evolveCreditMarket(this.state, event);
    const context = { commandId, correlationId: commandId, causationId: commandId, actor: { userId: actor, role: 'trader' }, now };
    await this.store.appendToStream(STREAM, toEventsToAppend(decided, context), { expected: 'any' });
    return true;
  }

  async issue(index: number): Promise<void> {
    const batchId = `${projectTypeCodes[MARKET.projectType]}-${MARKET.vintage}-${(0x10000000 + index).toString(16).toUpperCase()}`;
    const quantity = 200 + index * 50;
    const accountId = ACCOUNTS[index % ACCOUNTS.length]!;
    await this.decide(
      {
        type: 'IssueCredits',
        batch: {
          batchId,
          projectId: `P-${index}`,
          projectName: `Project ${index}`,
          projectType: MARKET.projectType,
          description: '',
          vintage: MARKET.vintage,
          standard: 'Verra VCS',
          methodology: 'VM0047',
          scopes: { scope1: quantity, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity,
          serialPrefix: `NXCC-${batchId}`,
          accountId,
          issuedBy: accountId,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'registry',
        },
      },
      accountId,
    );
    this.batches.push({ batchId, quantity });
  }

  async randomStep(): Promise<void> {
    const seller = this.pick(ACCOUNTS);
    const buyer = this.pick(ACCOUNTS.filter((account) => account !== seller));
    const { batchId } = this.pick(this.batches);
    const quantity = 1 + Math.floor(this.random() * 25);
    const roll = this.random();
    if (roll < 0.25) {
      await this.decide(
        { type: 'TransferCredits', tradeId: randomUUID(), batchId, sellerAccountId: seller, buyerAccountId: buyer, quantity, price: '10.00' },
        seller,
      );
    } else if (roll < 0.45) {
      const retirementId = randomUUID();
      const retire: CreditMarketCommand = {
        type: 'RetireCredits',
        retirementId,
        batchId,
        accountId: seller,
        quantity,
        beneficiary: `Beneficiary of ${seller}`,
        purpose: 'Scope 1 offset',
        standard: retirementStandards[0],
        offsetType: 'compensation',
        retiredBy: seller,
      };
      if (await this.decide(retire, seller)) this.retirements.push({ retirementId, batchId });
    } else if (roll < 0.6) {
      // A sell order takes the seller's serials in issue order, across batches.
      const orderId = randomUUID();
      const order = { type: 'sell' as const, amount: quantity * 3, price: '10.00', ...MARKET };
      if (await this.decide({ type: 'PlaceOrder', orderId, ownerId: seller, order }, seller)) this.openOrders.push({ orderId, ownerId: seller });
    } else if (roll < 0.7 && this.openOrders.length > 0) {
      const { orderId, ownerId } = this.openOrders.splice(Math.floor(this.random() * this.openOrders.length), 1)[0]!;
      await this.decide({ type: 'CancelOrder', orderId, requestedBy: ownerId, isAdmin: false }, ownerId);
    } else if (roll < 0.8) {
      const orderId = randomUUID();
      const order = { type: 'buy' as const, amount: quantity, price: '10.00', ...MARKET };
      await this.decide(
        { type: 'PlaceOrder', orderId, ownerId: buyer, order, funding: { reservationId: randomUUID(), reservedCents: quantity * 1_100 } },
        buyer,
      );
    } else if (roll < 0.9) {
      const offerId = randomUUID();
      const offer: CreditMarketCommand = {
        type: 'OfferDirectTrade',
        offerId,
        batchId,
        sellerAccountId: seller,
        buyerAccountId: buyer,
        quantity,
        price: '10.00',
        expiresAt: new Date(Date.UTC(2027, 0, 1)),
      };
      if (await this.decide(offer, seller)) this.openOffers.push({ offerId, sellerAccountId: seller });
      if (this.openOffers.length > 0 && this.random() < 0.7) {
        const withdrawn = this.openOffers.shift()!;
        await this.decide({ type: 'WithdrawDirectTradeOffer', offerId: withdrawn.offerId, requestedBy: withdrawn.sellerAccountId, isAdmin: false }, seller);
      }
    } else if (this.retirements.length > 0) {
      const retirement = this.pick(this.retirements);
      await this.decide(
        {
          type: 'RecordXrplSettlement',
          settlement: {
            subject: 'retirement',
            subjectId: retirement.retirementId,
            batchId: retirement.batchId,
            status: 'settled',
            transactions: [{ purpose: 'retirement-memo', hash: 'A'.repeat(64), result: 'tesSUCCESS' }],
          },
        },
        'system',
      );
    }
  }
}
