import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  amlAlertStreamId,
  type EventStore,
  marketOfTokenId,
  type Position,
  type RecordedEvent,
  type ScreenedTransaction,
  screenedTransactionFrom,
  WrongExpectedVersion,
  screenedEventTypes,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { type Reaction, ReactionHost } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { ProjectionHost } from '../../projections/projection-host.js';
import { deriveId, toEventsToAppend } from '../../shared/command-context.js';
import {
  type AmlHistory,
  type AmlRuleSettings,
  screenTransaction,
  STRUCTURING_BAND,
  STRUCTURING_WINDOW_MS,
  VELOCITY_WINDOW_MS,
} from '../aml-rules.js';

/** The read models the screening counts from must have applied the screened event. */
const READ_MODELS_NEEDED = ['aml-alerts', 'kyc-status'];
/** A retirement is valued from the trades before it. */
const VALUATION_READ_MODELS = [...READ_MODELS_NEEDED, 'credit-trades'];
const CATCH_UP_MS = 10_000;

/**
 * Screens every value-moving event of the log (screenedTransactionFrom: orders,
 * trades and retirements) against the AML rules and raises AmlAlertRaised when one hits. The
 * velocity and structuring counts come from aml_transactions, limited to
 * events before the screened one, so a replay counts the same.
 */
@Injectable()
export class ScreenTransactionWhenRecorded implements Reaction, OnModuleInit {
  readonly name = 'screen-transaction-when-recorded';
  readonly eventTypes: ReadonlySet<string> = screenedEventTypes;
  private readonly settings: AmlRuleSettings;

  constructor(
    private readonly host: ReactionHost,
    private readonly projections: ProjectionHost,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.settings = {
      amountThresholdUsd: config.AML_AMOUNT_THRESHOLD_USD,
      criticalAmountUsd: config.AML_CRITICAL_AMOUNT_USD,
      velocityMax: config.AML_VELOCITY_MAX,
      structuringCount: config.AML_STRUCTURING_COUNT,
      highRiskJurisdictions: new Set(config.AML_HIGH_RISK_JURISDICTIONS),
    };
  }

  onModuleInit(): void {
    this.host.register(this);
  }

  async handle(event: RecordedEvent): Promise<void> {
    const transaction = screenedTransactionFrom(event);
    if (!transaction) return;
    const alertId = deriveId(event.eventId, 'aml-alert');
    // A second delivery screens again and finds the alert stream taken (no_stream below).
    const streamId = amlAlertStreamId(alertId);
    const needed = transaction.valuation ? VALUATION_READ_MODELS : READ_MODELS_NEEDED;
    if (!(await this.projections.waitFor(needed, event.position, CATCH_UP_MS))) {
      // Thrown, so the reaction retries this event instead of screening with a partial history.
      throw new Error(`AML read models have not reached ${event.position.commit}:${event.position.prepare} yet`);
    }
    const { history, country } = await this.historyBefore(transaction, event.position);
    const screened: ScreenedTransaction = {
      ...transaction,
      amount: transaction.valuation ? await this.marketValue(transaction.valuation, event.position) : transaction.amount,
      jurisdiction: transaction.jurisdiction ?? country,
    };
    const hit = screenTransaction(screened, history, this.settings);
    if (!hit) return;

    const now = new Date();
    const commandId = deriveId(event.eventId, 'aml-screening');
    try {
      await this.eventStore.appendToStream(
        streamId,
        toEventsToAppend(
          [
            {
              type: 'AmlAlertRaised',
              data: {
                alertId,
                ...hit,
                transactionType: transaction.transactionType,
                transactionId: transaction.transactionId,
                amount: screened.amount,
                userId: transaction.userId,
                sourceEventId: event.eventId,
                transactionAt: transaction.occurredAt,
                raisedAt: now.toISOString(),
              },
            },
          ],
          {
            commandId,
            correlationId: event.metadata.correlationId,
            causationId: event.eventId,
            actor: { userId: 'aml-screening', role: 'compliance' },
            now,
          },
        ),
        { expected: 'no_stream' },
      );
    } catch (error) {
      // Another delivery of the same event raised it first.
      if (!(error instanceof WrongExpectedVersion)) throw error;
    }
  }

  /**
   * Quantity × the price of the last trade in the batch's market (project type and vintage)
   * before the event; 0 when that market has not traded yet. Fixed by the log, so a replay
   * values the same.
   */
  private async marketValue(valuation: { batchId: string; quantity: number }, position: Position): Promise<number> {
    const market = marketOfTokenId(valuation.batchId);
    if (!market) return 0;
    const row = await this.db
      .selectFrom('credit_trades')
      .select('price')
      .where('project_type', '=', market.projectType)
      .where('vintage', '=', market.vintage)
      .where(sql<boolean>`(commit_position, prepare_position) < (${position.commit.toString()}::bigint, ${position.prepare.toString()}::bigint)`)
      .orderBy('executed_at', 'desc')
      .orderBy('commit_position', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return 0;
    const cents = Math.round(Number(row.price) * 100);
    return (cents * valuation.quantity) / 100;
  }

  /**
   * The user's earlier transactions (from aml_transactions, before this event in the log) and
   * the country of their most recent verified identity, in one round trip.
   */
  private async historyBefore(transaction: ScreenedTransaction, position: Position): Promise<{ history: AmlHistory; country: string | undefined }> {
    const at = Date.parse(transaction.occurredAt);
    const threshold = this.settings.amountThresholdUsd;
    const row = await this.db
      .selectFrom('aml_transactions')
      .select([
        sql<string>`count(*) filter (where occurred_at > ${new Date(at - VELOCITY_WINDOW_MS)})`.as('last_hour'),
        sql<string>`count(*) filter (where amount_usd >= ${threshold * (1 - STRUCTURING_BAND)} and amount_usd < ${threshold})`.as('near'),
        sql<string | null>`(select country from kyc_status where owner_id = ${transaction.userId} and kyc_status = 'verified' order by verified_at desc limit 1)`.as(
          'country',
        ),
      ])
      .where('user_id', '=', transaction.userId)
      .where('occurred_at', '>', new Date(at - STRUCTURING_WINDOW_MS))
      .where('occurred_at', '<=', new Date(at))
      .where(sql<boolean>`(commit_position, prepare_position) < (${position.commit.toString()}::bigint, ${position.prepare.toString()}::bigint)`)
      .executeTakeFirstOrThrow();
    return { history: { lastHour: Number(row.last_hour), nearThresholdLastDay: Number(row.near) }, country: row.country ?? undefined };
  }
}
