import { comparePositions, parsePosition, type Position } from '@carbon-ledger/contracts';

/**
 * Remembers the newest log position seen, so repeated or out-of-order
 * 'projection-updated' messages are dropped.
 */
export class ProjectionUpdateFilter {
  private lastSeen: Position | undefined;

  /** True when `position` is newer than every position accepted before; then it is remembered. */
  accept(position: string): boolean {
    let parsed: Position;
    try {
      parsed = parsePosition(position);
    } catch {
      return false;
    }
    if (this.lastSeen && comparePositions(parsed, this.lastSeen) <= 0) return false;
    this.lastSeen = parsed;
    return true;
  }

  /** Forget the last position, e.g. after a reconnect to a server whose log may have been reset. */
  reset(): void {
    this.lastSeen = undefined;
  }
}
