import { NextTurn } from '../next-turn.js';

/** One request waiting for its batch. */
interface Waiting<Input, Output> {
  readonly input: Input;
  readonly resolve: (output: Output) => void;
  readonly reject: (error: unknown) => void;
}

export interface CoalescerOptions<Input> {
  /** At most this many batches run at the same time. */
  readonly batchesInFlight: number;
  /** A batch takes at most this many requests. */
  readonly batchSize: number;
  /**
   * Requests with the same key never share a batch (a later one waits for the next): one
   * `insert … on conflict do update` statement cannot touch a row twice.
   */
  readonly keyOf?: (input: Input) => string;
}

/**
 * Many small statements as one: the requests that arrive while a batch is in flight go
 * together in the next one, so a busy process pays one round trip (and, for writes, one
 * commit) for many requests and an idle one adds a turn of the event loop. The same shape
 * as the event store's group commit (`AppendBatcher`), for statements that are not appends.
 * `run` answers one output per input, in order; if it fails, every request of its batch fails.
 */
export class Coalescer<Input, Output> {
  private queue: Waiting<Input, Output>[] = [];
  private inFlight = 0;
  private readonly nextPump = new NextTurn(() => this.pump());

  constructor(
    private readonly run: (inputs: readonly Input[]) => Promise<readonly Output[]>,
    private readonly options: CoalescerOptions<Input>,
  ) {}

  submit(input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.nextPump.schedule();
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.options.batchesInFlight) {
      const batch = this.take();
      this.inFlight += 1;
      this.runBatch(batch).finally(() => {
        this.inFlight -= 1;
        this.nextPump.schedule();
      });
    }
  }

  private async runBatch(batch: readonly Waiting<Input, Output>[]): Promise<void> {
    try {
      const outputs = await this.run(batch.map((waiting) => waiting.input));
      if (outputs.length !== batch.length) throw new Error(`a coalesced batch of ${batch.length} answered ${outputs.length} results`);
      batch.forEach((waiting, index) => waiting.resolve(outputs[index]!));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }

  /** The oldest waiting requests, one per key, up to the batch size; the rest keep their order. */
  private take(): Waiting<Input, Output>[] {
    const keyOf = this.options.keyOf;
    if (!keyOf && this.queue.length <= this.options.batchSize) {
      const all = this.queue;
      this.queue = [];
      return all;
    }
    const batch: Waiting<Input, Output>[] = [];
    const rest: Waiting<Input, Output>[] = [];
    const keys = new Set<string>();
    for (const waiting of this.queue) {
      const key = keyOf?.(waiting.input);
      if (batch.length >= this.options.batchSize || (key !== undefined && keys.has(key))) {
        rest.push(waiting);
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(waiting);
    }
    this.queue = rest;
    return batch;
  }
}
