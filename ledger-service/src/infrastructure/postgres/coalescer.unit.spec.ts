import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalescer.js';

/** A run whose batches the test releases one by one. */
function controlledRun() {
  const batches: { inputs: readonly string[]; release: (fail?: Error) => void }[] = [];
  const run = (inputs: readonly string[]): Promise<string[]> =>
    new Promise((resolve, reject) => {
      batches.push({ inputs, release: (fail) => (fail ? reject(fail) : resolve(inputs.map((input) => `${input}!`))) });
    });
  return { batches, run };
}

const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('Coalescer', () => {
  it('sends the requests that arrive while a batch is in flight together in the next batch, each answered its own result', async () => {
    const { batches, run } = controlledRun();
    const coalescer = new Coalescer(run, { batchesInFlight: 1, batchSize: 100 });
    const first = coalescer.submit('a');
    await turn();
    const rest = ['b', 'c', 'd'].map((input) => coalescer.submit(input));
    await turn();
    expect(batches.map((batch) => batch.inputs)).toEqual([['a']]);
    batches[0]!.release();
    await expect(first).resolves.toBe('a!');
    await turn();
    expect(batches.map((batch) => batch.inputs)).toEqual([['a'], ['b', 'c', 'd']]);
    batches[1]!.release();
    await expect(Promise.all(rest)).resolves.toEqual(['b!', 'c!', 'd!']);
  });

  it('never puts two requests with the same key in one batch, and keeps the size limit', async () => {
    const { batches, run } = controlledRun();
    const coalescer = new Coalescer(run, { batchesInFlight: 1, batchSize: 2, keyOf: (input: string) => input[0]! });
    const all = ['x1', 'x2', 'y1', 'z1'].map((input) => coalescer.submit(input));
    for (let released = 0; released < 2; released += 1) {
      await turn();
      batches[released]!.release();
      await turn();
    }
    await expect(Promise.all(all)).resolves.toEqual(['x1!', 'x2!', 'y1!', 'z1!']);
    expect(batches.map((batch) => batch.inputs)).toEqual([
      ['x1', 'y1'],
      ['x2', 'z1'],
    ]);
  });

  it('fails the requests of a failed batch only', async () => {
    const { batches, run } = controlledRun();
    const coalescer = new Coalescer(run, { batchesInFlight: 1, batchSize: 100 });
    const failed = coalescer.submit('a');
    await turn();
    const later = coalescer.submit('b');
    batches[0]!.release(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    batches[1]!.release();
    await expect(later).resolves.toBe('b!');
  });
});
