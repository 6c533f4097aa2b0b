import { randomUUID } from 'node:crypto';
import {
  adjustmentStatuses,
  amlAlertPriorities,
  authorizedUses,
  type BatchClaimsEvent,
  batchClaimsStreamId,
  creditLabels,
  retirementUses,
  BUFFER_POOL_ACCOUNT_ID,
  CREDIT_CURRENCY_CODE,
  creditMarketStreamId,
  creditProjectTypes,
  creditEvent,
  fundsEvent,
  fundsStreamId,
  platformFeeCents,
  priceToCents,
  heldDepositStreamId,
  isoCountryCodes,
  MAX_IMPORT_QUANTITY,
  MAX_ORIGIN_SERIAL,
  MAX_VINTAGE_QUANTITY,
  mitigationKinds,
  originRegistries,
  originRegistryStreamId,
  type OriginRegistryEvent,
  type ProjectEvent,
  projectStreamId,
  documentKinds,
  documentMediaTypes,
  MAX_DOCUMENT_BYTES,
  type VerifierEvent,
  verifierStreamId,
  LONE_SURROGATE,
  MAX_CREDITS,
  MAX_NOTIONAL_USD,
  MAX_PRICE_PER_CREDIT,
  MAX_XRP_AMOUNT,
  offsetTypes,
  PORTFOLIO_DESCRIPTION_MAX,
  PORTFOLIO_NAME_MAX,
  portfolioStreamId,
  projectTypeCodes,
  riskProfiles,
  retirementStandards,
  roles,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { projections } from './index.js';
import { useProjectionTestBed } from './test-support/projection-test-bed.js';

/**
 * Totality (docs/totality.md): every projection is total over what the contracts accept. Events are
 * generated at the contracts' limits (longest texts, astral-plane and right-to-left text, text an
 * old log may hold, the largest amounts and prices, dates far apart), appended as a consistent
 * story per market (issue, escrow, match, transfer, retirement), and every projection must apply
 * them (a failure stalls it, and `append` throws) and equal a rebuild from the log.
 */

const RTL = 'שלום עולם مرحبا بالعالم';
const ASTRAL = '\u{1F331}\u{1F30D}\u{1D400}\u{20000}';

/** Text as `freeText({ max, multiline })` accepts it, biased to its edges; sometimes as an old log may hold it (NUL, lone surrogate). */
function text(max: number, options: { min?: number; multiline?: boolean } = {}): fc.Arbitrary<string> {
  const min = options.min ?? 1;
  const accepted = (value: string): boolean =>
    value.length >= min &&
    value.length <= max &&
    value.trim() === value &&
    !(options.multiline ? /(?![\n\r\t])\p{Cc}/u : /\p{Cc}/u).test(value) &&
    !LONE_SURROGATE.test(value);
  const atLimit = (unit: string): string => {
    const repeated = unit.repeat(Math.ceil(max / unit.length));
    // Cut on a code point boundary, so the last astral character is not split in two.
    const cut = Array.from(repeated).reduce((out, char) => (out.length + char.length <= max ? out + char : out), '');
    return cut.trim();
  };
  const current = fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 30) }),
      fc.constantFrom(
        atLimit('x'),
        atLimit(RTL),
        atLimit(ASTRAL),
        atLimit(`${RTL} \u202E${ASTRAL}`),
        ...(options.multiline ? [atLimit('line\r\n\tnext ')] : []),
      ),
    )
    .filter(accepted);
  const legacy = fc.constantFrom('\u0000', 'before\u0000after', 'lone \uD800 surrogate', '\u0000\uDFFF');
  return fc.oneof({ weight: 6, arbitrary: current }, { weight: 1, arbitrary: legacy });
}

const EPOCH = Date.UTC(1970, 0, 1);
const FAR_FUTURE = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const date = fc
  .oneof(fc.constantFrom(EPOCH, FAR_FUTURE, Date.UTC(2000, 1, 29), Date.UTC(2026, 10, 25, 1, 2, 3, 4)), fc.integer({ min: EPOCH, max: FAR_FUTURE }))
  .map((ms) => new Date(ms).toISOString());

const credits = fc.oneof(fc.constantFrom(1, MAX_CREDITS), fc.integer({ min: 1, max: MAX_CREDITS }));
const price = fc
  .oneof(fc.constantFrom(1, MAX_PRICE_PER_CREDIT * 100), fc.integer({ min: 1, max: MAX_PRICE_PER_CREDIT * 100 }))
  .map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);
const hash = fc.stringMatching(/^[0-9A-F]{64}$/);
const address = fc.stringMatching(/^r[1-9A-HJ-NP-Za-km-z]{24,33}$/);

/** One market's story and the events around it, consistent enough for every projection. */
const story = fc.record({
  projectType: fc.constantFrom(...creditProjectTypes),
  vintage: fc.integer({ min: 1990, max: 2100 }),
  quantity: credits,
  sold: fc.double({ min: 0, max: 1, noNaN: true }),
  retiredShare: fc.double({ min: 0, max: 1, noNaN: true }),
  price,
  userName: text(120),
  projectId: text(100),
  projectName: text(200),
  description: text(2000, { min: 0, multiline: true }),
  beneficiary: text(200),
  purpose: text(500, { min: 0, multiline: true }),
  creditId: text(100, { min: 0 }),
  xrpPurpose: text(500, { min: 0, multiline: true }),
  inquiryId: text(100),
  standard: fc.constantFrom(...retirementStandards),
  offsetType: fc.constantFrom(...offsetTypes),
  role: fc.constantFrom(...roles),
  address,
  xrpDrops: fc.oneof(fc.constantFrom(1, MAX_XRP_AMOUNT * 1_000_000), fc.integer({ min: 1, max: MAX_XRP_AMOUNT * 1_000_000 })),
  alertAmount: fc.oneof(
    fc.constantFrom(0, MAX_NOTIONAL_USD),
    fc.integer({ min: 0, max: MAX_NOTIONAL_USD * 100 }).map((cents) => cents / 100),
  ),
  priority: fc.constantFrom(...amlAlertPriorities),
  riskScore: fc.integer({ min: 0, max: 100 }),
  portfolioName: text(PORTFOLIO_NAME_MAX),
  portfolioDescription: text(PORTFOLIO_DESCRIPTION_MAX, { min: 0, multiline: true }),
  riskProfile: fc.constantFrom(...riskProfiles),
  txHash: hash,
  poolOpenTxHash: hash,
  poolDrops: fc.oneof(fc.constantFrom(0n, 10n ** 17n, 10n ** 18n - 1n), fc.bigInt({ min: 0n, max: 10n ** 18n - 1n })).map(String),
  // An issued-currency value as the contract accepts it, exponent form and its extremes included.
  poolCredits: fc.oneof(
    fc.constantFrom('0', '1e-999', `${'9'.repeat(20)}.${'9'.repeat(20)}e999`, '1000000e-14'),
    fc.stringMatching(/^\d{1,20}(\.\d{1,20})?(e-?\d{1,3})?$/),
  ),
  at: fc.array(date, { minLength: 8, maxLength: 8 }),
  /** What becomes of the direct trade offer of the seller's unsold serials. */
  offerOutcome: fc.constantFrom('accepted', 'declined', 'cancelled', 'expired'),
  /** The registry lifecycle of a project whose report issues a batch (and a buffer share) in this market. */
  project: fc.record({
    organisation: text(200),
    location: text(200, { min: 0 }),
    methodology: text(200),
    reasons: text(2000, { multiline: true }),
    documentName: text(200),
    hostCountry: fc.constantFrom(...isoCountryCodes),
    mitigation: fc.constantFrom(...mitigationKinds),
    documentKind: fc.constantFrom(...documentKinds),
    mediaType: fc.constantFrom(...documentMediaTypes),
    documentSize: fc.constantFrom(1, MAX_DOCUMENT_BYTES),
    expectedAnnualQuantity: fc.constantFrom(0, MAX_VINTAGE_QUANTITY),
    originRegistry: fc.constantFrom(...originRegistries),
    originStart: fc.constantFrom(1, MAX_ORIGIN_SERIAL - MAX_CREDITS),
    /** The batches' CreditsIssued are in another stream: before the approval or after it. */
    issuedFirst: fc.boolean(),
  }),
  /** A batch's Article 6 claims (docs/credit-use.md) and the use a retirement states. */
  claims: fc.record({
    use: fc.constantFrom(...authorizedUses),
    adjustment: fc.constantFrom(...adjustmentStatuses),
    reportingPeriod: fc.option(fc.constantFrom('1990', '2100', '1990-2100'), { nil: null }),
    withdrawn: fc.boolean(),
    retiredUse: fc.option(fc.constantFrom(...retirementUses), { nil: undefined }),
    labels: fc.subarray([...creditLabels]),
  }),
  heldDeposit: fc.record({
    destinationTag: fc.option(fc.oneof(fc.constantFrom(0, 4_294_967_295), fc.integer({ min: 0, max: 4_294_967_295 })), { nil: undefined }),
    amountCents: fc.oneof(fc.constantFrom(1, Number.MAX_SAFE_INTEGER), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
    ledgerIndex: fc.oneof(fc.constantFrom(1, Number.MAX_SAFE_INTEGER), fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER })),
    currency: fc.oneof(fc.constantFrom('USD', '524C555344000000000000000000000000000000'), fc.stringMatching(/^[A-Z0-9]{3}$/)),
    assigned: fc.boolean(),
  }),
});

describe('every projection over events at the contracts’ limits', () => {
  const bed = useProjectionTestBed(projections);

  /** Every row of every projection's tables, in a stable order. */
  async function readModels(): Promise<Record<string, unknown[]>> {
    const snapshot: Record<string, unknown[]> = {};
    for (const table of new Set(projections.flatMap((projection) => projection.tables))) {
      const result = await sql<Record<string, unknown>>`select to_jsonb(t) as row from ${sql.table(table)} t order by to_jsonb(t)::text`.execute(bed.db);
      snapshot[table] = result.rows.map((row) => row.row);
    }
    return snapshot;
  }

  it('applies them all and equals a rebuild', async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(story, async (s) => {
        const seller = randomUUID();
        const buyer = randomUUID();
        const batchId = `${projectTypeCodes[s.projectType]}-${s.vintage}-${randomUUID().slice(0, 8).toUpperCase()}`;
        const sold = Math.max(1, Math.floor(s.quantity * s.sold));
        const retired = Math.max(1, Math.floor(sold * s.retiredShare));
        const sellOrder = randomUUID();
        const buyOrder = randomUUID();
        const [issuedAt, placedAt, matchedAt, retiredAt, swappedAt, raisedAt, registeredAt, kycAt] = s.at as [
          string,
          string,
          string,
          string,
          string,
          string,
          string,
          string,
        ];
        const alertId = randomUUID();

        await bed.append(`user-${seller}`, [
          { type: 'UserRegistered', data: { userId: seller, email: `${seller}@example.test`, name: s.userName, registeredAt } },
          { type: 'RoleGranted', data: { userId: seller, role: s.role, changedAt: registeredAt } },
          { type: 'RoleRevoked', data: { userId: seller, role: s.role, changedAt: registeredAt } },
        ]);
        await bed.append(`kyc-${s.address}`, [
          {
            type: 'KycStarted',
            data: {
              address: s.address,
              inquiryId: s.inquiryId,
              templateId: 'tmpl_sandbox',
              provider: 'sandbox',
              environment: 'sandbox',
              jurisdiction: null,
              level: 'basic',
              ownerId: seller,
              startedAt: kycAt,
            },
          },
        ]);
        await bed.append(creditMarketStreamId(s.projectType, s.vintage), [
          {
            type: 'CreditsIssued',
            data: {
              batchId,
              projectId: s.projectId,
              projectName: s.projectName,
              projectType: s.projectType,
              description: s.description,
              vintage: s.vintage,
              standard: s.standard,
              methodology: s.description,
              scopes: { scope1: MAX_CREDITS, scope2: MAX_CREDITS, scope3: MAX_CREDITS, scope4: 0, scope5: 0 },
              quantity: s.quantity,
              serialPrefix: `NXCC-${batchId}`,
              accountId: seller,
              issuedBy: seller,
              xrplAddress: s.address,
              source: 'registry',
              issuedAt,
            },
          },
          {
            type: 'OrderPlaced',
            data: {
              orderId: sellOrder,
              ownerId: seller,
              side: 'sell',
              amount: sold,
              price: s.price,
              projectType: s.projectType,
              vintage: s.vintage,
              reserved: [{ batchId, start: 1, end: sold }],
              placedAt,
            },
          },
          {
            type: 'OrderPlaced',
            data: { orderId: buyOrder, ownerId: buyer, side: 'buy', amount: sold, price: s.price, projectType: s.projectType, vintage: s.vintage, placedAt },
          },
          {
            type: 'TradeExecuted',
            data: {
              tradeId: randomUUID(),
              kind: 'order-match',
              projectType: s.projectType,
              vintage: s.vintage,
              buyOrderId: buyOrder,
              sellOrderId: sellOrder,
              aggressor: 'buy',
              buyerAccountId: buyer,
              sellerAccountId: seller,
              quantity: sold,
              price: s.price,
              ranges: [{ batchId, start: 1, end: sold }],
              settlement: { status: 'pending' },
              executedAt: matchedAt,
            },
          },
          {
            type: 'CreditsRetired',
            data: {
              retirementId: randomUUID(),
              batchId,
              accountId: buyer,
              quantity: retired,
              ranges: [{ batchId, start: 1, end: retired }],
              beneficiary: s.beneficiary,
              purpose: s.purpose,
              standard: s.standard,
              offsetType: s.offsetType,
              retiredBy: buyer,
              ...(s.claims.retiredUse === undefined
                ? {}
                : {
                    use: s.claims.retiredUse,
                    claims: {
                      authorized: true,
                      authorizedUse: s.claims.use,
                      adjustment: s.claims.adjustment,
                      reportingPeriod: s.claims.reportingPeriod,
                      labels: s.claims.labels,
                    },
                  }),
              retiredAt,
            },
          },
          {
            type: 'XrplSettlementRecorded',
            data: {
              subject: 'issuance',
              subjectId: batchId,
              batchId,
              status: 'partial',
              transactions: [{ purpose: 'mint', hash: s.txHash, result: 'tesSUCCESS' }],
              reason: s.description,
              recordedAt: retiredAt,
            },
          },
        ]);
        if (s.quantity > sold) {
          // The seller offers the serials not sold on the book to the buyer directly; the buyer's reservation pays, or is voided.
          const offerId = randomUUID();
          const offered = s.quantity - sold;
          const ranges = [{ batchId, start: sold + 1, end: s.quantity }];
          const notionalCents = offered * priceToCents(s.price);
          const feeCents = platformFeeCents(notionalCents);
          const reservationId = randomUUID();
          await bed.append(
            creditMarketStreamId(s.projectType, s.vintage),
            [
              {
                type: 'DirectTradeOffered' as const,
                data: {
                  offerId,
                  batchId,
                  projectType: s.projectType,
                  vintage: s.vintage,
                  sellerAccountId: seller,
                  buyerAccountId: buyer,
                  quantity: offered,
                  price: s.price,
                  ranges,
                  offeredAt: placedAt,
                  expiresAt: matchedAt,
                },
              },
            ].map((event) => creditEvent.parse(event)),
          );
          await bed.append(
            fundsStreamId(buyer),
            [
              {
                type: 'FundsReserved' as const,
                data: {
                  reservationId,
                  userId: buyer,
                  orderId: offerId,
                  amountCents: notionalCents + feeCents,
                  order: { projectType: s.projectType, vintage: s.vintage, amount: offered, price: s.price },
                  placementCommandId: randomUUID(),
                  pays: 'direct-offer' as const,
                  reservedAt: matchedAt,
                },
              },
              ...(s.offerOutcome === 'accepted'
                ? []
                : [
                    {
                      type: 'FundsReservationVoided' as const,
                      data: {
                        reservationId,
                        userId: buyer,
                        orderId: offerId,
                        amountCents: notionalCents + feeCents,
                        reason: s.offerOutcome === 'expired' ? ('offer-expired' as const) : ('offer-closed' as const),
                        voidedAt: retiredAt,
                      },
                    },
                  ]),
            ].map((event) => fundsEvent.parse(event)),
          );
          await bed.append(
            creditMarketStreamId(s.projectType, s.vintage),
            [
              s.offerOutcome === 'accepted'
                ? {
                    type: 'TradeExecuted' as const,
                    data: {
                      tradeId: randomUUID(),
                      kind: 'direct' as const,
                      projectType: s.projectType,
                      vintage: s.vintage,
                      buyOrderId: null,
                      sellOrderId: null,
                      aggressor: null,
                      buyerAccountId: buyer,
                      sellerAccountId: seller,
                      quantity: offered,
                      price: s.price,
                      ranges,
                      settlement: { status: 'pending' as const },
                      cash: { notionalCents, feeCents, releasedCents: 0 },
                      offerId,
                      executedAt: matchedAt,
                    },
                  }
                : {
                    type: 'DirectTradeOfferWithdrawn' as const,
                    data: { offerId, reason: s.offerOutcome, withdrawnBy: seller, released: ranges, withdrawnAt: retiredAt },
                  },
            ].map((event) => creditEvent.parse(event)),
          );
        }
        if (sold > retired) {
          // What the buyer did not retire goes into the vault and comes back out: a tokenization and a redemption.
          const redemptionHash = [...s.txHash].reverse().join('');
          const tokenizationId = randomUUID();
          const kept = [{ batchId, start: retired + 1, end: sold }];
          await bed.append(creditMarketStreamId(s.projectType, s.vintage), [
            {
              type: 'CreditsTokenized',
              data: {
                tokenizationId,
                batchId,
                accountId: buyer,
                xrplAddress: s.address,
                quantity: sold - retired,
                ranges: kept,
                requestedBy: buyer,
                tokenizedAt: swappedAt,
              },
            },
            {
              type: 'XrplSettlementRecorded',
              data: {
                subject: 'tokenization',
                subjectId: tokenizationId,
                batchId,
                status: 'settled',
                transactions: [{ purpose: 'payment', hash: s.poolOpenTxHash, result: 'tesSUCCESS' }],
                recordedAt: swappedAt,
              },
            },
          ]);
          await bed.append(`xrpl-action-${redemptionHash}`, [
            {
              type: 'XrplCreditsRedeemed',
              data: { txHash: redemptionHash, account: s.address, userId: buyer, tokenId: batchId, tokenAmount: sold - retired, redeemedAt: swappedAt },
            },
          ]);
          await bed.append(creditMarketStreamId(s.projectType, s.vintage), [
            {
              type: 'CreditsRedeemed',
              data: {
                redemptionId: randomUUID(),
                accountId: buyer,
                xrplAddress: s.address,
                quantity: sold - retired,
                ranges: kept,
                reason: 'redeemed',
                burnTxHash: redemptionHash,
                redeemedAt: swappedAt,
              },
            },
          ]);
        }
        await bed.append(`xrpl-action-${s.txHash}`, [
          {
            type: 'XrplCreditsSwapped',
            data: {
              txHash: s.txHash,
              account: s.address,
              userId: buyer,
              sellerAddress: s.address,
              creditId: s.creditId,
              creditAmount: String(sold),
              xrpDrops: String(s.xrpDrops),
              poolAfter: { account: s.address, xrpDrops: s.poolDrops, credits: s.poolCredits },
              executedAt: swappedAt,
            },
          },
          {
            type: 'XrplCreditsBurned',
            data: { txHash: s.txHash, account: s.address, userId: buyer, tokenId: batchId, tokenAmount: retired, purpose: s.xrpPurpose, burnedAt: swappedAt },
          },
        ]);
        await bed.append(xrplWalletStreamId('market_maker'), [
          {
            type: 'XrplTransactionRecorded',
            data: {
              walletRole: 'market_maker',
              account: s.address,
              transactionType: 'AMMCreate',
              hash: s.poolOpenTxHash,
              result: 'tesSUCCESS',
              validated: true,
              ledgerIndex: null,
              fee: '12',
              sequence: 1,
              amount: s.poolDrops,
              amount2: `${s.poolCredits} ${CREDIT_CURRENCY_CODE}/${s.address}`,
              purpose: s.xrpPurpose,
              submittedAt: registeredAt,
            },
          },
        ]);
        const portfolioId = randomUUID();
        await bed.append(portfolioStreamId(portfolioId), [
          {
            type: 'PortfolioCreated',
            data: {
              portfolioId,
              ownerId: buyer,
              name: s.portfolioName,
              description: s.portfolioDescription,
              riskProfile: s.riskProfile,
              createdAt: registeredAt,
            },
          },
          {
            type: 'SuggestionImplemented',
            data: {
              portfolioId,
              suggestionId: 'suggestion-1',
              suggestionKey: 'f'.repeat(64),
              suggestionType: 'removal_shift',
              title: s.portfolioName,
              orders: [{ orderId: buyOrder, side: 'buy', amount: sold, price: s.price, projectType: s.projectType, vintage: s.vintage }],
              implementedBy: buyer,
              implementedAt: placedAt,
            },
          },
        ]);
        const p = s.project;
        // A report's vintage and an import carry fewer credits than a batch may.
        const quantity = Math.min(s.quantity, MAX_VINTAGE_QUANTITY, MAX_IMPORT_QUANTITY);
        const verifier = randomUUID();
        const projectId = randomUUID();
        const reportId = randomUUID();
        const returnedReportId = randomUUID();
        const projectBatch = `${projectTypeCodes[s.projectType]}-${s.vintage}-${randomUUID().slice(0, 8).toUpperCase()}`;
        const bufferBatch = `${projectTypeCodes[s.projectType]}-${s.vintage}-${randomUUID().slice(0, 8).toUpperCase()}`;
        const importBatch = `${projectTypeCodes[s.projectType]}-${s.vintage}-${randomUUID().slice(0, 8).toUpperCase()}`;
        const bufferQuantity = quantity > 1 ? 1 : 0;
        const documents = [{ sha256: 'a'.repeat(64), kind: p.documentKind, name: p.documentName, size: p.documentSize, mediaType: p.mediaType }];
        const vintages = [{ vintage: s.vintage, quantity }];
        await bed.append(`user-${verifier}`, [
          {
            type: 'UserRegistered',
            data: { userId: verifier, email: `${verifier}@example.test`, name: s.userName, organisation: p.organisation, registeredAt },
          },
          { type: 'RoleGranted', data: { userId: verifier, role: 'verifier', changedAt: registeredAt } },
        ]);
        await bed.append(verifierStreamId(verifier), [
          {
            type: 'VerifierAccredited',
            data: { verifierId: verifier, projectTypes: [s.projectType], accreditedBy: seller, accreditedAt: registeredAt },
          },
        ] satisfies VerifierEvent[]);
        const creditsIssued = (id: string, count: number, accountId: string, extra: Record<string, unknown>) => ({
          type: 'CreditsIssued',
          data: {
            batchId: id,
            projectId,
            projectName: s.projectName,
            projectType: s.projectType,
            description: s.description,
            vintage: s.vintage,
            standard: s.standard,
            methodology: p.methodology,
            scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
            quantity: count,
            serialPrefix: `NXCC-${id}`,
            accountId,
            issuedBy: seller,
            xrplAddress: '',
            source: 'registry',
            ...extra,
            issuedAt,
          },
        });
        const issuedEvents = [
          creditsIssued(projectBatch, quantity - bufferQuantity, seller, { reportId }),
          ...(bufferQuantity > 0 ? [creditsIssued(bufferBatch, bufferQuantity, BUFFER_POOL_ACCOUNT_ID, { reportId, bufferFor: projectBatch })] : []),
        ];
        if (p.issuedFirst) await bed.append(creditMarketStreamId(s.projectType, s.vintage), issuedEvents);
        await bed.append(projectStreamId(projectId), [
          {
            type: 'ProjectDrafted',
            data: {
              projectId,
              proponentId: seller,
              proponentOrganisation: null,
              name: s.projectName,
              projectType: s.projectType,
              mitigation: p.mitigation,
              hostCountry: p.hostCountry,
              standard: s.standard,
              methodology: p.methodology,
              location: p.location,
              creditingPeriod: { start: '1990-01-01', end: '2100-12-31' },
              expectedAnnualQuantity: p.expectedAnnualQuantity,
              description: s.description,
              documents,
              draftedAt: registeredAt,
            },
          },
          {
            type: 'ValidationRequested',
            data: {
              projectId,
              verifierId: verifier,
              verifierName: s.userName,
              verifierOrganisation: p.organisation,
              requestedBy: seller,
              requestedAt: placedAt,
            },
          },
          { type: 'ValidationRejected', data: { projectId, verifierId: verifier, reasons: p.reasons, documents, rejectedAt: placedAt } },
          {
            type: 'ValidationRequested',
            data: { projectId, verifierId: verifier, verifierName: s.userName, verifierOrganisation: null, requestedBy: seller, requestedAt: placedAt },
          },
          { type: 'ProjectValidated', data: { projectId, verifierId: verifier, comment: p.reasons, documents, validatedAt: matchedAt } },
          { type: 'RegistrationRefused', data: { projectId, refusedBy: buyer, reasons: p.reasons, refusedAt: matchedAt } },
          { type: 'ProjectRegistered', data: { projectId, registeredBy: buyer, registeredAt: matchedAt } },
          {
            type: 'MonitoringReportFiled',
            data: {
              projectId,
              reportId: returnedReportId,
              period: { start: '1990-01-01', end: '1990-12-31' },
              claimed: vintages,
              mitigation: p.mitigation,
              documents,
              filedBy: seller,
              filedAt: matchedAt,
            },
          },
          {
            type: 'MonitoringReportRejected',
            data: { projectId, reportId: returnedReportId, verifierId: verifier, reasons: p.reasons, rejectedAt: matchedAt },
          },
          {
            type: 'MonitoringReportFiled',
            data: {
              projectId,
              reportId,
              period: { start: '1991-01-01', end: '2100-12-31' },
              claimed: vintages,
              mitigation: p.mitigation,
              documents: [],
              filedBy: seller,
              filedAt: matchedAt,
            },
          },
          {
            type: 'MonitoringReportVerified',
            data: { projectId, reportId, verifierId: verifier, verified: vintages, reasons: '', documents, verifiedAt: matchedAt },
          },
          { type: 'IssuanceReturned', data: { projectId, reportId, returnedBy: buyer, reasons: p.reasons, returnedAt: matchedAt } },
          {
            type: 'MonitoringReportVerified',
            data: { projectId, reportId, verifierId: verifier, verified: vintages, reasons: p.reasons, documents: [], verifiedAt: matchedAt },
          },
          {
            type: 'IssuanceApproved',
            data: {
              projectId,
              reportId,
              approvedBy: buyer,
              accountId: seller,
              bufferSharePercent: bufferQuantity > 0 ? 100 : 0,
              batches: [
                {
                  vintage: s.vintage,
                  batchId: projectBatch,
                  quantity: quantity - bufferQuantity,
                  bufferBatchId: bufferQuantity > 0 ? bufferBatch : null,
                  bufferQuantity,
                },
              ],
              approvedAt: retiredAt,
            },
          },
          { type: 'ProjectDeactivated', data: { projectId, deactivatedBy: buyer, reasons: p.reasons, deactivatedAt: retiredAt } },
        ] satisfies ProjectEvent[]);
        if (!p.issuedFirst) await bed.append(creditMarketStreamId(s.projectType, s.vintage), issuedEvents);
        const claimed = { batchId: projectBatch, projectId, recordedBy: buyer, recordedAt: retiredAt };
        await bed.append(batchClaimsStreamId(projectBatch), [
          {
            type: 'BatchAuthorizationRecorded',
            data: { ...claimed, hostCountry: p.hostCountry, authorized: true, use: s.claims.use, authorizedOn: '1990-01-01', letter: documents[0]! },
          },
          { type: 'CorrespondingAdjustmentRecorded', data: { ...claimed, status: s.claims.adjustment, reportingPeriod: s.claims.reportingPeriod } },
          ...(s.claims.withdrawn
            ? ([
                {
                  type: 'BatchAuthorizationRecorded',
                  data: { ...claimed, hostCountry: p.hostCountry, authorized: false, use: null, authorizedOn: null, letter: null },
                },
                { type: 'CorrespondingAdjustmentRecorded', data: { ...claimed, status: 'not_applicable', reportingPeriod: null } },
              ] satisfies BatchClaimsEvent[])
            : []),
        ] satisfies BatchClaimsEvent[]);
        const importId = randomUUID();
        await bed.append(originRegistryStreamId(p.originRegistry), [
          {
            type: 'CreditsImportRecorded',
            data: {
              importId,
              originRegistry: p.originRegistry,
              originStart: p.originStart,
              originEnd: p.originStart + quantity - 1,
              projectId,
              vintage: s.vintage,
              quantity,
              batchId: importBatch,
              accountId: seller,
              recordedBy: buyer,
              recordedAt: retiredAt,
            },
          },
        ] satisfies OriginRegistryEvent[]);
        await bed.append(creditMarketStreamId(s.projectType, s.vintage), [
          creditsIssued(importBatch, quantity, seller, { origin: { registry: p.originRegistry, start: p.originStart, end: p.originStart + quantity - 1 } }),
        ]);
        const heldTxHash = randomUUID().replace(/-/g, '').toUpperCase().repeat(2);
        const held = s.heldDeposit;
        // Parsed by the contract first: these are events it accepts.
        await bed.append(
          heldDepositStreamId(heldTxHash),
          [
            {
              type: 'DepositHeld' as const,
              data: {
                txHash: heldTxHash,
                sender: s.address,
                ...(held.destinationTag === undefined ? {} : { destinationTag: held.destinationTag }),
                amountCents: held.amountCents,
                currency: held.currency,
                issuer: s.address,
                ledgerIndex: held.ledgerIndex,
                reason: held.destinationTag === undefined ? 'missing-tag' : 'unknown-tag',
                heldAt: raisedAt,
              },
            },
            ...(held.assigned
              ? [
                  {
                    type: 'HeldDepositAssigned' as const,
                    data: { txHash: heldTxHash, userId: buyer, amountCents: held.amountCents, assignedBy: seller, assignedAt: kycAt },
                  },
                ]
              : []),
          ].map((event) => fundsEvent.parse(event)),
        );
        await bed.append(`aml-alert-${alertId}`, [
          {
            type: 'AmlAlertRaised',
            data: {
              alertId,
              priority: s.priority,
              transactionType: 'order',
              transactionId: buyOrder,
              riskScore: s.riskScore,
              amount: s.alertAmount,
              userId: buyer,
              riskFlags: ['critical_amount'],
              reasons: [s.beneficiary],
              requiresReview: true,
              sourceEventId: randomUUID(),
              transactionAt: placedAt,
              raisedAt,
            },
          },
        ]);
      }),
      { numRuns: 25, interruptAfterTimeLimit: 25_000, markInterruptAsFailure: false },
    );
    expect(Date.now() - started).toBeLessThan(40_000);

    const live = await readModels();
    expect(live.credit_batches!.length).toBeGreaterThan(0);
    expect(live.held_deposits!.length).toBeGreaterThan(0);
    expect(live.direct_trade_offers!.length).toBeGreaterThan(0);
    expect(live.project_issuances!.length).toBeGreaterThan(0);
    await bed.rebuild(7);
    expect(await readModels()).toEqual(live);
  }, 90_000);
});
