import { comparePositions, parsePosition, type Position } from '@carbon-ledger/contracts';

/**
 * Remembers the newest log position seen per projection, so repeated or out-of-order
 * 'projection-updated' messages of one projection are dropped. Positions are kept per
 * projection because two projections often end a batch at the same position, and each
 * of them refreshes other views.
 */
export class ProjectionUpdateFilter {
  private readonly lastSeen = new Map<string, Position>();

  /** True when `position` is newer than every position accepted before for `projection`; then it is remembered. */
  accept(projection: string, position: string): boolean {
    let parsed: Position;
    try {
      parsed = parsePosition(position);
    } catch {
      return false;
    }
    const last = this.lastSeen.get(projection);
    if (last && comparePositions(parsed, last) <= 0) return false;
    this.lastSeen.set(projection, parsed);
    return true;
  }

  /** Forget every position, e.g. after a reconnect to a server whose log may have been reset. */
  reset(): void {
    this.lastSeen.clear();
  }
}
