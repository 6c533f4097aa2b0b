/**
 * Failed sign-ins counted per account and per address in a sliding window;
 * past the limit, further attempts are refused until the window moves on.
 */
export class LoginRateLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limits = { perAccount: 5, perAddress: 20, windowMs: 15 * 60_000 },
    private readonly clock: () => number = Date.now,
  ) {}

  /** Seconds to wait when blocked, else 0. */
  retryAfter(account: string, address: string): number {
    const now = this.clock();
    const waits = [
      this.wait(`account:${account}`, this.limits.perAccount, now),
      this.wait(`address:${address}`, this.limits.perAddress, now),
    ];
    return Math.max(...waits);
  }

  recordFailure(account: string, address: string): void {
    const now = this.clock();
    for (const key of [`account:${account}`, `address:${address}`]) {
      const recent = this.recent(key, now);
      recent.push(now);
      this.failures.set(key, recent);
    }
    if (this.failures.size > 100_000) this.prune(now);
  }

  recordSuccess(account: string): void {
    this.failures.delete(`account:${account}`);
  }

  private wait(key: string, limit: number, now: number): number {
    const recent = this.recent(key, now);
    if (recent.length < limit) return 0;
    const oldest = recent[recent.length - limit] ?? now;
    return Math.max(1, Math.ceil((oldest + this.limits.windowMs - now) / 1000));
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => at > now - this.limits.windowMs);
  }

  private prune(now: number): void {
    for (const [key, times] of this.failures) {
      if (times.every((at) => at <= now - this.limits.windowMs)) this.failures.delete(key);
    }
  }
}
