import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { retirementStandards } from './credit-market.constants.js';
import {
  adjustmentStatuses,
  authorizedUses,
  type BatchClaims,
  type BatchFacts,
  batchLabels,
  defaultLabelRules,
  retirementUseRefusal,
  retirementUses,
} from './credit-use.js';

const letter = { sha256: 'b'.repeat(64), kind: 'letter' as const, name: 'loa.pdf', size: 10, mediaType: 'application/pdf' as const };

const claimsArbitrary: fc.Arbitrary<BatchClaims> = fc.record({
  authorization: fc.option(
    fc.oneof(
      fc.record({
        authorized: fc.constant(true),
        use: fc.constantFrom(...authorizedUses),
        authorizedOn: fc.constant('2026-01-15'),
        letter: fc.constant(letter),
      }),
      fc.constant({ authorized: false, use: null, authorizedOn: null, letter: null }),
    ),
  ),
  adjustment: fc.option(fc.record({ status: fc.constantFrom(...adjustmentStatuses), reportingPeriod: fc.option(fc.constant('2026')) })),
});

const factsArbitrary: fc.Arbitrary<BatchFacts> = fc.record({
  batchId: fc.constant('REFOREST-2024-0A1B2C3D'),
  standard: fc.constantFrom(...retirementStandards),
  methodology: fc.constantFrom(
    'AR-ACM0003 Afforestation and reforestation of lands',
    'VM0007 REDD+ Methodology Framework',
    'AMS-I.D. Grid connected',
    'vm0047',
  ),
  vintage: fc.integer({ min: 2015, max: 2030 }),
  claims: claimsArbitrary,
});

const authorizedFor = (claims: BatchClaims, purpose: 'ndc' | 'oimp'): boolean =>
  claims.authorization?.authorized === true && (claims.authorization.use === purpose || claims.authorization.use === 'ndc_and_oimp');
const adjusted = (claims: BatchClaims): boolean => claims.adjustment?.status === 'pending' || claims.adjustment?.status === 'applied';

describe('labels and retirement uses: pure functions of a batch facts', () => {
  const plain: BatchFacts = {
    batchId: 'REFOREST-2024-0A1B2C3D',
    standard: 'Verra VCS',
    methodology: 'AR-ACM0003 Afforestation and reforestation of lands',
    vintage: 2024,
    claims: { authorization: null, adjustment: null },
  };
  const corsiaReady: BatchFacts = {
    ...plain,
    claims: { authorization: { authorized: true, use: 'oimp', authorizedOn: '2026-01-15', letter }, adjustment: { status: 'pending', reportingPeriod: null } },
  };

  it('labels a batch CCP-approved by its methodology code and CORSIA eligible by programme, vintage, OIMP authorization and adjustment', () => {
    expect(batchLabels(plain)).toEqual(['CCP-approved']);
    expect(batchLabels(corsiaReady)).toEqual(['CCP-approved', 'CORSIA eligible']);
    expect(batchLabels({ ...corsiaReady, vintage: 2020 })).toEqual(['CCP-approved']);
    expect(batchLabels({ ...corsiaReady, standard: 'Climate Action Reserve' })).toEqual(['CCP-approved']);
    expect(batchLabels({ ...corsiaReady, methodology: 'VM0007 REDD+ Methodology Framework' })).toEqual(['CORSIA eligible']);
    expect(batchLabels({ ...corsiaReady, claims: { ...corsiaReady.claims, adjustment: { status: 'not_applicable', reportingPeriod: null } } })).toEqual([
      'CCP-approved',
    ]);
    expect(batchLabels(corsiaReady, { ...defaultLabelRules, ccpApprovedMethodologies: [] })).toEqual(['CORSIA eligible']);
  });

  it('names the missing condition of a use', () => {
    expect(retirementUseRefusal('voluntary', plain)).toBeUndefined();
    expect(retirementUseRefusal('ndc', plain)).toBe('Batch REFOREST-2024-0A1B2C3D is not authorized for use toward an NDC');
    expect(retirementUseRefusal('ndc', corsiaReady)).toBe('Batch REFOREST-2024-0A1B2C3D is not authorized for use toward an NDC');
    expect(retirementUseRefusal('other_international', corsiaReady)).toBeUndefined();
    expect(retirementUseRefusal('corsia', { ...corsiaReady, vintage: 2019 })).toBe(
      "Batch REFOREST-2024-0A1B2C3D is not CORSIA eligible: vintage 2019 is outside CORSIA's eligible vintages 2021-2026",
    );
    expect(retirementUseRefusal('other_international', { ...corsiaReady, claims: { ...corsiaReady.claims, adjustment: null } })).toBe(
      'Batch REFOREST-2024-0A1B2C3D has no corresponding adjustment pending or applied',
    );
  });

  it('labels are a function of the facts alone: equal facts, equal labels, whatever else happened', () => {
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        const copy = structuredClone(facts);
        expect(batchLabels(copy)).toEqual(batchLabels(facts));
        expect(batchLabels(facts)).toEqual(batchLabels(facts));
      }),
    );
  });

  it('a non-voluntary use is never allowed on a batch lacking its condition, and CORSIA only with the CORSIA label', () => {
    fc.assert(
      fc.property(factsArbitrary, fc.constantFrom(...retirementUses), (facts, use) => {
        const refused = retirementUseRefusal(use, facts) !== undefined;
        switch (use) {
          case 'voluntary':
            expect(refused).toBe(false);
            break;
          case 'ndc':
            expect(refused).toBe(!(authorizedFor(facts.claims, 'ndc') && adjusted(facts.claims)));
            break;
          case 'other_international':
            expect(refused).toBe(!(authorizedFor(facts.claims, 'oimp') && adjusted(facts.claims)));
            break;
          case 'corsia':
            expect(refused).toBe(!batchLabels(facts).includes('CORSIA eligible'));
            if (!refused) {
              expect(authorizedFor(facts.claims, 'oimp') && adjusted(facts.claims)).toBe(true);
              expect(facts.vintage).toBeGreaterThanOrEqual(2021);
              expect(facts.vintage).toBeLessThanOrEqual(2026);
            }
            break;
        }
      }),
    );
  });
});
