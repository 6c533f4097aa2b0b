import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CREDIT_CURRENCY, type EventStore, formatPosition, type VaultReservesResponse, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { onLedger } from '../signing/signed-submission.js';
import { ledgerSide, RESERVE_LOOKS, reservesVerdict, type VaultSide } from '../vault/proof-of-reserves.js';

export class GetVaultReservesQuery extends Query<VaultReservesResponse> {}

/**
 * Proof of reserves (docs/vault.md, "Proof of reserves"): the issuer's NXCC obligations on the validated
 * ledger against the serials in the vault. Its route declares the registry's read models, so it runs
 * once they reached the log's head (a vault view behind the log would show a move as missing); it
 * waits for nothing itself. A difference must hold on later looks (RESERVE_LOOKS) before it is
 * reported, which also lets the views apply what was recorded during a look.
 */
@QueryHandler(GetVaultReservesQuery)
export class GetVaultReservesHandler implements IQueryHandler<GetVaultReservesQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
  ) {}

  async execute(): Promise<VaultReservesResponse> {
    for (let read = 1; ; read += 1) {
      const position = await this.eventStore.headPosition();
      const vault = await this.vaultSide();
      const ledger = await onLedger('Cannot read the issuer’s obligations', () => ledgerSide(this.gateway));
      const verdict = reservesVerdict(vault, ledger);
      if (verdict.balanced || read >= RESERVE_LOOKS.reads) {
        return {
          currency: CREDIT_CURRENCY,
          outstandingOnLedger: ledger.outstanding,
          heldInVault: vault.heldInVault,
          inFlight: { toPay: vault.toPay, toRegister: vault.toRegister },
          ...verdict,
          ledgerIndex: ledger.ledgerIndex,
          position: formatPosition(position),
          checkedAt: new Date().toISOString(),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, RESERVE_LOOKS.pauseMs));
    }
  }

  private async vaultSide(): Promise<VaultSide> {
    const [held, inFlight] = await Promise.all([
      this.db
        .selectFrom('credit_holdings')
        .select(sql<string>`coalesce(sum(serial_end - serial_start + 1), 0)`.as('quantity'))
        .where('account_id', '=', VAULT_ACCOUNT_ID)
        .where('status', '=', 'tradable')
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('vault_transfers')
        .select(['kind', sql<string>`sum(quantity)`.as('quantity')])
        .where('status', '=', 'pending')
        .groupBy('kind')
        .execute(),
    ]);
    const pending = (kinds: readonly string[]): number =>
      inFlight.filter((row) => kinds.includes(row.kind)).reduce((sum, row) => sum + Number(row.quantity), 0);
    return { heldInVault: Number(held.quantity), toPay: pending(['tokenize']), toRegister: pending(['redeem', 'retire']) };
  }
}
