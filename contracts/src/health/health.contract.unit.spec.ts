import { describe, expect, it } from 'vitest';
import { projectionHealth } from './health.contract.js';

const settlement = {
  name: 'reaction:settle-credits-on-xrpl',
  kind: 'reaction',
  checkpoint: '1200:1200',
  lagEvents: 340,
  lagMs: 900,
  pendingEvents: 0,
  pendingMs: 0,
  status: 'running',
} as const;

describe('health contract: a follower’s lag', () => {
  it('gives the time lag of what a follower handles beside its position lag: 340 events behind, none of them its own', () => {
    expect(projectionHealth.parse(settlement)).toEqual(settlement);
  });

  it('refuses an answer without the time lag of what is pending', () => {
    const { pendingEvents: _events, pendingMs: _ms, ...positionOnly } = settlement;
    expect(projectionHealth.safeParse(positionOnly).success).toBe(false);
    expect(projectionHealth.safeParse({ ...settlement, pendingEvents: 1.5 }).success).toBe(false);
  });
});
