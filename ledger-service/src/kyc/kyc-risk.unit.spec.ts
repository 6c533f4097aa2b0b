import { describe, expect, it } from 'vitest';
import { type KycRiskInput, kycRiskScore } from './kyc-risk.js';

const highRisk = new Set(['KP', 'IR', 'MM']);
const clean = { result: 'clear', bestScore: 0 } as const;
const base: KycRiskInput = { country: 'GB', jurisdiction: 'UK', level: 'basic', sanctions: clean };

describe('KYC risk score', () => {
  it.each([
    ['an individual at home in its jurisdiction', base, 10],
    ['a corporate', { ...base, level: 'institutional' }, 20],
    ['an identity outside its jurisdiction', { ...base, country: 'FR' }, 25],
    ['an identity from a high-risk country', { ...base, country: 'IR', jurisdiction: null }, 70],
    ['a faint resemblance to a listed name', { ...base, sanctions: { result: 'clear', bestScore: 0.5 } }, 20],
    ['a near match', { ...base, sanctions: { result: 'potential_match', bestScore: 0.85 } }, 70],
    ['a sanctions hit', { ...base, sanctions: { result: 'hit', bestScore: 1 } }, 100],
  ] as [string, KycRiskInput, number][])('scores %s', (_, input, score) => {
    expect(kycRiskScore(input, highRisk)).toBe(score);
  });

  it('stays within 0-100', () => {
    const worst: KycRiskInput = { country: 'KP', jurisdiction: 'US', level: 'institutional', sanctions: { result: 'potential_match', bestScore: 0.91 } };
    expect(kycRiskScore(worst, highRisk)).toBe(100);
  });
});
