import pg from 'pg';

/** How often an instance that does not hold a job asks for it again: the longest a dead holder's job waits. */
export const JOB_RETRY_MS = 1_000;

export function jobLockKey(name: string): string {
  return `job:${name}`;
}

/**
 * A job that must run on one instance at a time (the sealer, the KYC expiry check, demo
 * seeding): held through a PostgreSQL session-level advisory lock on a connection of its own.
 * The instance holding it runs it; the others ask again every JOB_RETRY_MS. When the holder
 * dies (even by kill -9) its connection closes, the server drops the lock, and another instance
 * takes the job within that time.
 */
export class ExclusiveJob {
  private client: pg.Client | undefined;
  private holding = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  private trying: Promise<void> | undefined;

  constructor(
    readonly name: string,
    private readonly connection: pg.ClientConfig,
    private readonly onAcquired: () => void,
    private readonly log: (message: string) => void = () => undefined,
  ) {}

  /** True while this instance holds the job (its lock connection is open). */
  get held(): boolean {
    return this.holding;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.tryNow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.trying;
    this.holding = false;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private tryNow(): void {
    this.trying = this.attempt().finally(() => {
      this.trying = undefined;
      if (!this.stopped && !this.holding) {
        this.timer = setTimeout(() => this.tryNow(), JOB_RETRY_MS);
        this.timer.unref();
      }
    });
  }

  private async attempt(): Promise<void> {
    try {
      const client = this.client ?? (await this.connect());
      const result = await client.query<{ acquired: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as acquired', [jobLockKey(this.name)]);
      if (!result.rows[0]?.acquired || this.stopped) return;
      this.holding = true;
      this.log(`took the ${this.name} job`);
      this.onAcquired();
    } catch {
      // The database is out of reach: ask again later.
      const client = this.client;
      this.client = undefined;
      await client?.end().catch(() => undefined);
    }
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.connection);
    const lost = (): void => {
      if (this.client !== client) return;
      this.client = undefined;
      // The lock went with the connection: another instance may take the job now, and so may this one again.
      if (this.holding) {
        this.holding = false;
        this.log(`lost the ${this.name} job (its connection closed)`);
      }
      if (!this.stopped && !this.trying) {
        clearTimeout(this.timer);
        this.timer = setTimeout(() => this.tryNow(), JOB_RETRY_MS);
        this.timer.unref();
      }
    };
    client.on('error', lost);
    client.on('end', lost);
    this.client = client;
    try {
      await client.connect();
    } catch (error) {
      this.client = undefined;
      throw error;
    }
    return client;
  }
}
