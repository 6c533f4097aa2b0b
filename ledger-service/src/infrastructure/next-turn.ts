/**
 * Runs `work` on the next turn of the event loop (setImmediate), once however often it is asked
 * for before then: what arrives in the same turn is handled together. The group commit of appends
 * and the coalesced statements start their batches this way.
 */
export class NextTurn {
  private scheduled = false;

  constructor(private readonly work: () => void) {}

  schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.work();
    });
  }
}
