/** How an append call ended, as an operator counts it. */
export type AppendOutcome = 'appended' | 'replayed' | 'conflict' | 'failed';

/** Watches the write side of an event store (metrics); called synchronously, so it must be cheap and must not throw. */
export interface AppendObserver {
  /** One `appendToStream` call answered, `seconds` after it was made (waiting for its batch included). */
  appended(seconds: number, outcome: AppendOutcome): void;
  /** One write to the engine: a group-commit batch on PostgreSQL, one append on KurrentDB. */
  batchWritten(appends: number, events: number): void;
}

/** An event store adapter that reports its appends. */
export interface ObservableAppends {
  observeAppends(observer: AppendObserver): () => void;
}

export function hasObservableAppends(store: object): store is ObservableAppends {
  return typeof (store as Partial<ObservableAppends>).observeAppends === 'function';
}

/** The observers of one store, and the outcome of an append for them. */
export class AppendObservers implements ObservableAppends {
  private readonly observers = new Set<AppendObserver>();

  observeAppends(observer: AppendObserver): () => void {
    this.observers.add(observer);
    return () => this.observers.delete(observer);
  }

  get any(): boolean {
    return this.observers.size > 0;
  }

  batchWritten(appends: number, events: number): void {
    for (const observer of this.observers) observer.batchWritten(appends, events);
  }

  /** Times an append and reports how it ended; the promise is returned unchanged. */
  async time<T extends { readonly alreadyAppended?: boolean }>(append: Promise<T>, isConflict: (error: unknown) => boolean): Promise<T> {
    if (!this.any) return append;
    const started = performance.now();
    const report = (outcome: AppendOutcome): void => {
      const seconds = (performance.now() - started) / 1000;
      for (const observer of this.observers) observer.appended(seconds, outcome);
    };
    try {
      const result = await append;
      report(result.alreadyAppended ? 'replayed' : 'appended');
      return result;
    } catch (error) {
      report(isConflict(error) ? 'conflict' : 'failed');
      throw error;
    }
  }
}
