import { createHash } from 'node:crypto';
import {
  ANCHORS_STREAM,
  type AuditAnchoredData,
  type CancellationReason,
  cancellationReasonLabels,
  cancellationReasons,
  canonicalJson,
  COMPLIANCE_REPORT_FORMAT,
  type ComplianceReport,
  comparePositions,
  CREDIT_MARKET_STREAM_PREFIX,
  type CreditProjectType,
  creditProjectTypes,
  type CreditsIssued,
  type CreditsRetired,
  DEFAULT_SDG_GOAL,
  formatPosition,
  formatSerialRange,
  formatUsdCents,
  type FundsEvent,
  isAuditEvent,
  isCreditEvent,
  isFundsEvent,
  isProjectEvent,
  type LedgerSealedData,
  marketOfTokenId,
  type MitigationKind,
  mitigationKindLabels,
  mitigationKinds,
  parsePosition,
  type Position,
  projectTypeMitigation,
  projectTypeSdgs,
  type RecordedEvent,
  type ReportCash,
  type ReportDisclosure,
  type ReportFramework,
  reportFrameworkInfo,
  reportPeriodBounds,
  type ReportRetirement,
  type ReportSeal,
  SEALS_STREAM,
  sdgGoalNames,
  serialPrefixFor,
  type TradeExecuted,
  type XrplSettlementRecorded,
  counted,
} from '@carbon-ledger/contracts';

export interface ReportPeriod {
  readonly from?: string;
  readonly to?: string;
}

/** What a report keeps of each batch the log has issued: enough to name the credits it retires. */
interface BatchFacts {
  readonly projectName: string;
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly serialPrefix: string;
}

interface Tally {
  count: number;
  tCO2e: number;
}

const percentOf = (part: number, total: number): number => (total === 0 ? 0 : Math.round((part * 10_000) / total) / 100);

/** Counts one retirement of `tCO2e` under `key`. */
function count<K>(tallies: Map<K, Tally>, key: K, tCO2e: number): void {
  const tally = tallies.get(key) ?? { count: 0, tCO2e: 0 };
  tally.count += 1;
  tally.tCO2e += tCO2e;
  tallies.set(key, tally);
}

function tallyBy<K>(records: readonly ReportRetirement[], keyOf: (record: ReportRetirement) => K): Map<K, Tally> {
  const tallies = new Map<K, Tally>();
  for (const record of records) count(tallies, keyOf(record), record.quantity);
  return tallies;
}

/** Largest first, then by name (code units, not locale), so the same log always gives the same document. */
const byTonnesThenName =
  <T extends { tCO2e: number }>(name: (item: T) => string) =>
  (a: T, b: T): number =>
    b.tCO2e - a.tCO2e || (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0);

/** Every month from the first to the last with a retirement, empty months included. */
function monthsOf(records: readonly ReportRetirement[]): ComplianceReport['retirements']['byMonth'] {
  const tallies = tallyBy(records, (record) => new Date(record.retiredAt).toISOString().slice(0, 7));
  const months = [...tallies.keys()].sort();
  const first = months[0];
  const last = months.at(-1);
  if (!first || !last) return [];
  const rows: ComplianceReport['retirements']['byMonth'] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    rows.push({ month: key, ...(tallies.get(key) ?? { count: 0, tCO2e: 0 }) });
    if (key === last) return rows;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

const typesOf = (kind: MitigationKind): string => creditProjectTypes.filter((type) => projectTypeMitigation[type] === kind).join(', ');

/** The period's cash as one sentence of the CSRD and ISSB notes: what was paid for credits on the platform. */
function cashNote(cash: ReportCash): string {
  const { trades, currency } = cash;
  const paid =
    trades.count === 0
      ? 'No trade in the period was paid for on the platform’s cash ledger'
      : `Credits traded in the period were paid for on the platform’s cash ledger: ${trades.notional} ${currency} to sellers in ${counted(trades.count, 'trade', 'trades')}, and ${trades.fees} ${currency} in platform fees`;
  const onXrpl = cash.tradesPaidOnXrpl === 0 ? '' : `; ${counted(cash.tradesPaidOnXrpl, 'swap was', 'swaps were')} paid in XRP on the XRP Ledger`;
  const unpaid =
    cash.tradesWithoutCash === 0
      ? ''
      : `; ${counted(cash.tradesWithoutCash, 'trade', 'trades')} moved credits with no payment recorded (direct registry transfers)`;
  const returned = cash.refundedDeposits.count === 0 ? '' : `, returned to their senders ${cash.refundedDeposits.amount} ${currency}`;
  return `${paid}${onXrpl}${unpaid}. Deposits ${cash.deposits.amount} ${currency}, withdrawals ${cash.withdrawals.amount} ${currency}, held for review ${cash.heldDeposits.amount} ${currency}${returned}.`;
}

/** What every framework's notes say of cancellations and reversals: shown apart, never counted as retired. */
function cancellationNotes(cancellations: ComplianceReport['cancellations'], reversals: ComplianceReport['reversals']): string[] {
  const notes: string[] = [];
  if (cancellations.totals.count > 0) {
    const reasons = cancellations.byReason.map((row) => `${row.tCO2e} ${cancellationReasonLabels[row.reason]}`).join(', ');
    notes.push(
      `${cancellations.totals.tCO2e} tCO2e were cancelled without a claim in ${cancellations.totals.count} cancellations (${reasons}); they are not retirements and are not counted above.`,
    );
  }
  if (reversals.count > 0) {
    notes.push(
      `${reversals.lostTCO2e} tCO2e were reversed in ${reversals.count} reversals: the buffer pool covered ${reversals.coveredTCO2e}, ${reversals.shortfallTCO2e} could not be covered${reversals.pending > 0 ? `, ${reversals.pending} not settled yet` : ''}.`,
    );
  }
  return notes;
}

function disclosureOf(framework: ReportFramework, retirements: ComplianceReport['retirements'], cash: ReportCash, apart: readonly string[]): ReportDisclosure {
  const { reference } = reportFrameworkInfo[framework];
  const { totals, byMitigation, byStandard } = retirements;
  const share = (kind: MitigationKind): number => byMitigation.find((row) => row.mitigation === kind)?.sharePercent ?? 0;
  const classification = `Nature-based removals: ${typesOf('removal')}. Emission reductions or avoidance: ${typesOf('reduction')}.`;
  switch (framework) {
    case 'csrd':
      return {
        framework,
        reference,
        heading: 'GHG removals and GHG mitigation projects financed through carbon credits',
        creditsCancelledTCO2e: totals.tCO2e,
        removalsSharePercent: share('removal'),
        reductionsSharePercent: share('reduction'),
        qualityStandards: byStandard,
        notes: [
          `${totals.tCO2e} tCO2e of carbon credits were cancelled (retired) in the period, in ${totals.count} retirements; each retirement names the quality standard it was retired under.`,
          `${share('removal')}% came from removal projects and ${share('reduction')}% from emission reduction projects. ${classification}`,
          'The ledger records no project locations, so the share of credits from projects within the EU is not reported.',
          'Credits planned for cancellation under future agreements are not recorded in the ledger and are not reported.',
          ...apart,
          cashNote(cash),
        ],
      };
    case 'issb':
      return {
        framework,
        reference,
        heading: 'Carbon credits used',
        extent: totals,
        certificationSchemes: byStandard,
        creditTypes: byMitigation,
        notes: [
          `${totals.tCO2e} tCO2e of carbon credits were retired in the period, in ${totals.count} retirements.`,
          classification,
          "The ledger records credits retired; how they count towards the entity's greenhouse gas targets is for the entity to state.",
          ...apart,
          cashNote(cash),
        ],
      };
    case 'un-sdg': {
      const goals = new Map<number, Tally>([[DEFAULT_SDG_GOAL, { count: 0, tCO2e: 0 }]]);
      for (const record of retirements.records) for (const goal of record.sdgs) count(goals, goal, record.quantity);
      return {
        framework,
        reference,
        heading: 'Retired carbon credits by Sustainable Development Goal',
        goals: [...goals.entries()]
          .sort(([a], [b]) => a - b)
          .map(([goal, tally]) => ({ goal, name: sdgGoalNames[goal] ?? 'Sustainable Development Goal', ...tally })),
        notes: [
          `${totals.tCO2e} tCO2e of carbon credits were retired in the period, in ${totals.count} retirements.`,
          `A retirement counts towards every goal its project type contributes to, so the goals' totals add up to more than the tCO2e retired; SDG ${DEFAULT_SDG_GOAL} ${sdgGoalNames[DEFAULT_SDG_GOAL]} counts every retirement.`,
          ...apart,
        ],
      };
    }
  }
}

/** A report's figures on the retirements of its period. */
function retirementsOf(records: ReportRetirement[]): ComplianceReport['retirements'] {
  const total = records.reduce((sum, record) => sum + record.quantity, 0);
  const withShare = <T extends Tally>(tally: T): T & { sharePercent: number } => ({ ...tally, sharePercent: percentOf(tally.tCO2e, total) });
  const byMitigation = tallyBy(records, (record) => record.mitigation);
  return {
    totals: { count: records.length, tCO2e: total },
    byMonth: monthsOf(records),
    byMitigation: mitigationKinds.map((mitigation) =>
      withShare({ mitigation, label: mitigationKindLabels[mitigation], ...(byMitigation.get(mitigation) ?? { count: 0, tCO2e: 0 }) }),
    ),
    byStandard: [...tallyBy(records, (record) => record.standard)]
      .map(([standard, tally]) => withShare({ standard, ...tally }))
      .sort(byTonnesThenName((row) => row.standard)),
    byOffsetType: [...tallyBy(records, (record) => record.offsetType)]
      .map(([offsetType, tally]) => withShare({ offsetType, ...tally }))
      .sort(byTonnesThenName((row) => row.offsetType)),
    byUse: [...tallyBy(records, (record) => record.use)].map(([use, tally]) => withShare({ use, ...tally })).sort(byTonnesThenName((row) => row.use)),
    byVintage: [...tallyBy(records, (record) => record.vintage)]
      .map(([vintage, tally]) => withShare({ vintage, ...tally }))
      .sort((a, b) => a.vintage - b.vintage),
    byProjectType: [...tallyBy(records, (record) => record.projectType)]
      .map(([projectType, tally]) => withShare({ projectType, mitigation: projectTypeMitigation[projectType], ...tally }))
      .sort(byTonnesThenName((row) => row.projectType)),
    records,
  };
}

function reportSealOf(seal: LedgerSealedData | null, anchor: AuditAnchoredData | undefined): ReportSeal | null {
  if (!seal) return null;
  return {
    sealNumber: seal.sealNumber,
    toPosition: seal.toPosition,
    merkleRoot: seal.merkleRoot,
    sealHash: seal.sealHash,
    sealedAt: seal.sealedAt,
    anchor: anchor ? { txHash: anchor.txHash, network: anchor.network, ledgerIndex: anchor.ledgerIndex, anchoredAt: anchor.anchoredAt } : null,
  };
}

/**
 * The period's cash on the platform's ledger (docs/funds.md), in cents. A withdrawal moves money when
 * it is posted; its amount is in the request before it, kept until it settles.
 */
class CashTally {
  private readonly deposits = { count: 0, cents: 0 };
  private readonly withdrawals = { count: 0, cents: 0 };
  private readonly held = { count: 0, cents: 0 };
  private readonly refunded = { count: 0, cents: 0 };
  /** Refund attempts under way, by "txHash:attempt": their amount, counted once one validates. */
  private readonly refundsInFlight = new Map<string, number>();
  private readonly trades = { count: 0, notionalCents: 0, feeCents: 0 };
  private tradesPaidOnXrpl = 0;
  private tradesWithoutCash = 0;
  private readonly withdrawalsInFlight = new Map<string, number>();

  /** Counts a cash event of the period; true when the report uses it. */
  funds(event: FundsEvent, inPeriod: (at: string) => boolean): boolean {
    switch (event.type) {
      case 'FundsDeposited':
        if (!inPeriod(event.data.depositedAt)) return false;
        this.deposits.count += 1;
        this.deposits.cents += event.data.amountCents;
        return true;
      case 'DepositHeld':
        if (!inPeriod(event.data.heldAt)) return false;
        this.held.count += 1;
        this.held.cents += event.data.amountCents;
        return true;
      case 'WithdrawalRequested':
        this.withdrawalsInFlight.set(event.data.withdrawalId, event.data.amountCents);
        return false;
      case 'WithdrawalVoided':
        this.withdrawalsInFlight.delete(event.data.withdrawalId);
        return false;
      case 'WithdrawalPosted': {
        const amountCents = this.withdrawalsInFlight.get(event.data.withdrawalId);
        this.withdrawalsInFlight.delete(event.data.withdrawalId);
        if (amountCents === undefined || !inPeriod(event.data.postedAt)) return false;
        this.withdrawals.count += 1;
        this.withdrawals.cents += amountCents;
        return true;
      }
      case 'HeldDepositRefundRequested':
        this.refundsInFlight.set(`${event.data.txHash}:${event.data.attempt}`, event.data.amountCents);
        return false;
      case 'HeldDepositRefundFailed':
        this.refundsInFlight.delete(`${event.data.txHash}:${event.data.attempt}`);
        return false;
      case 'HeldDepositRefunded': {
        const key = `${event.data.txHash}:${event.data.attempt}`;
        const amountCents = this.refundsInFlight.get(key);
        this.refundsInFlight.delete(key);
        if (amountCents === undefined || !inPeriod(event.data.refundedAt)) return false;
        this.refunded.count += 1;
        this.refunded.cents += amountCents;
        return true;
      }
      case 'FundsReserved':
      case 'FundsReservationVoided':
      case 'DepositTagClaimed':
      case 'HeldDepositAssigned':
        // A hold moves nothing yet; an assignment's money is its FundsDeposited.
        return false;
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }

  trade(data: TradeExecuted['data']): void {
    if (!data.cash) {
      if (data.settlement.status === 'settled') this.tradesPaidOnXrpl += 1;
      else this.tradesWithoutCash += 1;
      return;
    }
    this.trades.count += 1;
    this.trades.notionalCents += data.cash.notionalCents;
    this.trades.feeCents += data.cash.feeCents;
  }

  report(): ReportCash {
    const total = ({ count, cents }: { count: number; cents: number }) => ({ count, amount: formatUsdCents(cents) });
    return {
      currency: 'USD',
      deposits: total(this.deposits),
      withdrawals: total(this.withdrawals),
      heldDeposits: total(this.held),
      refundedDeposits: total(this.refunded),
      trades: { count: this.trades.count, notional: formatUsdCents(this.trades.notionalCents), fees: formatUsdCents(this.trades.feeCents) },
      tradesPaidOnXrpl: this.tradesPaidOnXrpl,
      tradesWithoutCash: this.tradesWithoutCash,
    };
  }
}

/**
 * The pure part of report generation: feed it every event of the log in order and
 * it keeps only the batches' names, the period's retirements and issuance totals,
 * and the seal that covers what it used; memory grows with those, not with the log.
 * One method per kind of event it reads.
 */
export class ComplianceReportFold {
  private readonly bounds: { readonly from: number; readonly to: number };
  private readonly batches = new Map<string, BatchFacts>();
  private readonly records: ReportRetirement[] = [];
  private readonly retirementsById = new Map<string, ReportRetirement>();
  private readonly issued = new Map<CreditProjectType, { batches: number; tCO2e: number }>();
  private eventsRead = 0;
  private firstPosition: Position | null = null;
  private lastPosition: Position | null = null;
  private eventsUsed = 0;
  /** Positions of used events that no seal seen so far covers. */
  private unsealed: Position[] = [];
  private coveringSeal: LedgerSealedData | null = null;
  private latestSeal: LedgerSealedData | null = null;
  private readonly anchors = new Map<number, AuditAnchoredData>();
  private readonly cash = new CashTally();
  private readonly cancelled = new Map<CancellationReason, { count: number; tCO2e: number }>();
  private readonly reversals = new Map<string, { lost: number; covered: number | undefined; shortfall: number | undefined }>();

  constructor(
    private readonly framework: ReportFramework,
    private readonly period: ReportPeriod,
  ) {
    this.bounds = reportPeriodBounds(period);
  }

  apply(event: RecordedEvent): void {
    this.eventsRead += 1;
    this.firstPosition ??= event.position;
    this.lastPosition = event.position;
    this.applyCounted(event);
  }

  /**
   * A prefix of the log read through an index: `events` events from `first` to `last`, as if each
   * had been applied. Those the report can use then follow through `applyCounted`, in log order.
   */
  countPrefix(events: number, first: Position, last: Position): void {
    this.eventsRead += events;
    this.firstPosition ??= first;
    this.lastPosition = last;
  }

  /** An event of a prefix `countPrefix` counted already: applied, not counted again. */
  applyCounted(event: RecordedEvent): void {
    if (isAuditEvent(event)) {
      if (event.type === 'LedgerSealed' && event.streamId === SEALS_STREAM) this.sealed(event.data);
      if (event.type === 'AuditAnchored' && event.streamId === ANCHORS_STREAM) this.anchors.set(event.data.sealNumber, event.data);
      return;
    }
    if (isFundsEvent(event)) {
      if (this.cash.funds(event, (at) => this.inPeriod(at))) this.use(event);
      return;
    }
    if (isProjectEvent(event)) {
      if (event.type === 'ReversalRecorded' && this.inPeriod(event.data.recordedAt)) {
        this.reversals.set(event.data.reversalId, { lost: event.data.quantity, covered: undefined, shortfall: undefined });
        this.use(event);
      }
      const reversal = event.type === 'ReversalCovered' ? this.reversals.get(event.data.reversalId) : undefined;
      if (reversal && event.type === 'ReversalCovered') {
        this.reversals.set(event.data.reversalId, { ...reversal, covered: event.data.covered, shortfall: event.data.shortfall });
        this.use(event);
      }
      return;
    }
    if (!event.streamId.startsWith(CREDIT_MARKET_STREAM_PREFIX) || !isCreditEvent(event)) return;
    switch (event.type) {
      case 'CreditsIssued':
        return this.creditsIssued(event, event.data);
      case 'CreditsRetired':
        return this.creditsRetired(event, event.data);
      case 'XrplSettlementRecorded':
        return this.settlementRecorded(event, event.data);
      case 'CreditsCancelled': {
        if (!this.inPeriod(event.data.cancelledAt)) return;
        const tally = this.cancelled.get(event.data.reason) ?? { count: 0, tCO2e: 0 };
        this.cancelled.set(event.data.reason, { count: tally.count + 1, tCO2e: tally.tCO2e + event.data.quantity });
        this.use(event);
        return;
      }
      case 'TradeExecuted':
        if (this.inPeriod(event.data.executedAt)) {
          this.cash.trade(event.data);
          this.use(event);
        }
        return;
    }
  }

  report(generatedAt: Date): ComplianceReport {
    const { framework, period } = this;
    const retirements = retirementsOf(this.records);
    const cash = this.cash.report();
    const byReason = cancellationReasons.flatMap((reason) => {
      const tally = this.cancelled.get(reason);
      return tally ? [{ reason, ...tally }] : [];
    });
    const cancellations: ComplianceReport['cancellations'] = {
      totals: { count: byReason.reduce((sum, row) => sum + row.count, 0), tCO2e: byReason.reduce((sum, row) => sum + row.tCO2e, 0) },
      byReason,
    };
    const reversalRows = [...this.reversals.values()];
    const reversals: ComplianceReport['reversals'] = {
      count: reversalRows.length,
      lostTCO2e: reversalRows.reduce((sum, row) => sum + row.lost, 0),
      coveredTCO2e: reversalRows.reduce((sum, row) => sum + (row.covered ?? 0), 0),
      shortfallTCO2e: reversalRows.reduce((sum, row) => sum + (row.shortfall ?? 0), 0),
      pending: reversalRows.filter((row) => row.covered === undefined).length,
    };
    const issuedRows = creditProjectTypes.flatMap((projectType) => {
      const tally = this.issued.get(projectType);
      return tally ? [{ projectType, mitigation: projectTypeMitigation[projectType], ...tally }] : [];
    });
    const seal = this.coveringSeal ?? this.latestSeal;
    const body: Omit<ComplianceReport, 'sha256'> = {
      format: COMPLIANCE_REPORT_FORMAT,
      framework,
      title: reportFrameworkInfo[framework].title,
      period: { from: period.from ?? null, to: period.to ?? null },
      generatedAt: generatedAt.toISOString(),
      unit: 'tCO2e',
      ledger: {
        eventsRead: this.eventsRead,
        firstPosition: this.firstPosition ? formatPosition(this.firstPosition) : null,
        lastPosition: this.lastPosition ? formatPosition(this.lastPosition) : null,
        eventsUsed: this.eventsUsed,
        seal: reportSealOf(seal, seal ? this.anchors.get(seal.sealNumber) : undefined),
        unsealedEvents: this.unsealed.length,
      },
      retirements,
      cancellations,
      reversals,
      cash,
      issuance: {
        batches: issuedRows.reduce((sum, row) => sum + row.batches, 0),
        tCO2e: issuedRows.reduce((sum, row) => sum + row.tCO2e, 0),
        byProjectType: issuedRows,
      },
      disclosure: disclosureOf(framework, retirements, cash, cancellationNotes(cancellations, reversals)),
    };
    return { ...body, sha256: createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex') };
  }

  private inPeriod(at: string): boolean {
    const time = Date.parse(at);
    return time >= this.bounds.from && time <= this.bounds.to;
  }

  /** An event the report draws on: no seal covers it until a later one does. */
  private use(event: RecordedEvent): void {
    this.eventsUsed += 1;
    this.unsealed.push(event.position);
    this.coveringSeal = null;
  }

  private sealed(seal: LedgerSealedData): void {
    const to = parsePosition(seal.toPosition);
    this.unsealed = this.unsealed.filter((position) => comparePositions(position, to) > 0);
    if (this.coveringSeal === null && this.eventsUsed > 0 && this.unsealed.length === 0) this.coveringSeal = seal;
    this.latestSeal = seal;
    // Only the covering or the latest seal can end up in the report; older anchors are of no use.
    for (const number of this.anchors.keys()) {
      if (number !== this.coveringSeal?.sealNumber && number !== seal.sealNumber) this.anchors.delete(number);
    }
  }

  private creditsIssued(event: RecordedEvent, data: CreditsIssued['data']): void {
    this.batches.set(data.batchId, { projectName: data.projectName, projectType: data.projectType, vintage: data.vintage, serialPrefix: data.serialPrefix });
    if (!this.inPeriod(data.issuedAt)) return;
    const tally = this.issued.get(data.projectType) ?? { batches: 0, tCO2e: 0 };
    tally.batches += 1;
    tally.tCO2e += data.quantity;
    this.issued.set(data.projectType, tally);
    this.use(event);
  }

  private creditsRetired(event: RecordedEvent, data: CreditsRetired['data']): void {
    if (!this.inPeriod(data.retiredAt)) return;
    const batch = this.batches.get(data.batchId);
    // The registry refuses to retire a batch it never issued; without its issuance the token id still names the market.
    const market = batch ?? marketOfTokenId(data.batchId);
    if (!market) return;
    const { projectType } = market;
    const transactions = [
      ...(data.burnTxHash ? [{ purpose: 'burn', hash: data.burnTxHash }] : []),
      ...(data.nftBurnTxHash ? [{ purpose: 'nft-burn', hash: data.nftBurnTxHash }] : []),
    ];
    const record: ReportRetirement = {
      retirementId: data.retirementId,
      retiredAt: data.retiredAt,
      beneficiary: data.beneficiary,
      purpose: data.purpose,
      tokenId: data.batchId,
      projectName: batch?.projectName ?? null,
      projectType,
      mitigation: projectTypeMitigation[projectType],
      vintage: market.vintage,
      quantity: data.quantity,
      serialRanges: data.ranges.map((range) =>
        formatSerialRange(this.batches.get(range.batchId)?.serialPrefix ?? serialPrefixFor(range.batchId), range.start, range.end),
      ),
      standard: data.standard,
      offsetType: data.offsetType,
      use: data.use ?? 'voluntary',
      claims: data.claims ?? null,
      sdgs: projectTypeSdgs[projectType].length > 0 ? [...projectTypeSdgs[projectType]] : [DEFAULT_SDG_GOAL],
      xrpl: { status: 'pending', transactions },
      position: formatPosition(event.position),
      eventHash: event.hash,
    };
    this.records.push(record);
    this.retirementsById.set(record.retirementId, record);
    this.use(event);
  }

  /** The XRPL outcome of a retirement in the report: its status and the transactions not listed yet. */
  private settlementRecorded(event: RecordedEvent, data: XrplSettlementRecorded['data']): void {
    const record = data.subject === 'retirement' ? this.retirementsById.get(data.subjectId) : undefined;
    if (!record) return;
    const known = new Set(record.xrpl.transactions.map((transaction) => transaction.hash));
    record.xrpl = {
      status: data.status,
      transactions: [
        ...record.xrpl.transactions,
        ...data.transactions.filter((transaction) => !known.has(transaction.hash)).map(({ purpose, hash }) => ({ purpose, hash })),
      ],
    };
    this.use(event);
  }
}

/** The report of `framework` on `period` from these events (in log order). */
export function buildComplianceReport(events: Iterable<RecordedEvent>, framework: ReportFramework, period: ReportPeriod, generatedAt: Date): ComplianceReport {
  const fold = new ComplianceReportFold(framework, period);
  for (const event of events) fold.apply(event);
  return fold.report(generatedAt);
}
