import { describe, expect, it } from 'vitest';
import { checkpoints, dueBy, growth, pickOperation, registryShape } from './registry-shape.js';

describe('registryShape', () => {
  it('is the largest registry at 10,000,000 events', () => {
    expect(registryShape(10_000_000)).toMatchObject({
      projects: 2_000,
      batches: 20_000,
      credits: 1_300_000_000,
      accounts: 10_000,
      retirements: 1_000_000,
      transfers: 2_000_000,
      trades: 1_000_000,
    });
  });

  it('scales down, keeping a batch in each of the 42 markets and a few accounts', () => {
    expect(registryShape(1_000_000)).toMatchObject({ projects: 200, batches: 2_000, accounts: 1_000, retirements: 100_000 });
    expect(registryShape(1_000)).toMatchObject({ projects: 7, batches: 42, accounts: 20 });
  });
});

describe('checkpoints', () => {
  it('are 10 %, 30 % and all of the events', () => {
    expect(checkpoints(10_000_000)).toEqual([1_000_000, 3_000_000, 10_000_000]);
    expect(checkpoints(300_000)).toEqual([30_000, 90_000, 300_000]);
  });
});

describe('pickOperation', () => {
  it('picks each operation in proportion to its count', () => {
    const shape = registryShape(10_000_000);
    const picked = new Map<string, number>();
    for (let roll = 0; roll < 1; roll += 0.0001) picked.set(pickOperation(shape, roll), (picked.get(pickOperation(shape, roll)) ?? 0) + 1);
    // 1 M retirements, 2 M transfers, 1 M trades, 0.3 M alerts, 0.2 M deposits of 4.5 M operations.
    expect((picked.get('transfer') ?? 0) / 10_000).toBeCloseTo(2 / 4.5, 2);
    expect((picked.get('retire') ?? 0) / 10_000).toBeCloseTo(1 / 4.5, 2);
    expect(pickOperation(shape, 0)).toBe('retire');
    expect(pickOperation(shape, 0.999999)).toBe('deposit');
  });
});

describe('dueBy', () => {
  it('spreads a count over the build, one due from the start, never more than the count', () => {
    expect(dueBy(20_000, 0, 10_000_000)).toBe(1);
    expect(dueBy(20_000, 1_000_000, 10_000_000)).toBe(2_001);
    expect(dueBy(20_000, 10_000_000, 10_000_000)).toBe(20_000);
  });
});

describe('growth', () => {
  it('is last over first, undefined without a positive first figure', () => {
    expect(growth(10, 15)).toBe(1.5);
    expect(growth(0, 15)).toBeUndefined();
    expect(growth(undefined, 15)).toBeUndefined();
    expect(growth(10, Number.NaN)).toBeUndefined();
  });
});
