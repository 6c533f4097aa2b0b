import { type GetRetirementResponse, getRetirementResponse } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../test-support/pdf-text.js';
import { retirementCertificatePdf } from './retirement-certificate-pdf.js';

const RETIREMENT_ID = '0b7e7c1e-3c1a-4f43-9d55-2b0c6a1f9e01';
const VERIFY_URL = `https://ledger.example/retirements/${RETIREMENT_ID}`;
const MERKLE_ROOT = 'a3'.repeat(32);
const ANCHOR = 'C0FFEE'.repeat(10) + 'BEEF';

export function aRetirement(beneficiary: string, purpose: string, overrides: Partial<GetRetirementResponse['certificate']> = {}): GetRetirementResponse {
  const certificate = {
    type: 'CarbonCreditRetirementCertificate' as const,
    version: 1 as const,
    retirementId: RETIREMENT_ID,
    registry: 'Carbon Ledger registry',
    tokenId: 'FOREST-2023-7F3A9C21',
    projectName: 'Green Valley Reforestation',
    projectType: 'Reforestation' as const,
    vintage: 2023,
    methodology: 'AR-ACM0003',
    quantity: 1500,
    unit: 'tCO2e' as const,
    serialPrefix: 'NXCC-FOREST-2023-7F3A9C21',
    serialRanges: ['NXCC-FOREST-2023-7F3A9C21-000181 to NXCC-FOREST-2023-7F3A9C21-001680'],
    beneficiary,
    purpose,
    standard: 'Gold Standard' as const,
    offsetType: 'compensation' as const,
    retiredAt: '2026-11-20T10:15:00.000Z',
    logPosition: '1042:1042',
    ...overrides,
  };
  return getRetirementResponse.parse({
    id: RETIREMENT_ID,
    tokenId: certificate.tokenId,
    projectName: certificate.projectName,
    projectType: certificate.projectType,
    vintage: certificate.vintage,
    beneficiary,
    retiredAt: certificate.retiredAt,
    amount: certificate.quantity,
    xrplTxHash: 'AB'.repeat(32),
    registryLink: `/retirements/${RETIREMENT_ID}`,
    ipfsCid: 'bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy',
    registryId: 'CL-1042',
    verificationStatus: 'verified',
    standard: certificate.standard,
    offsetType: certificate.offsetType,
    purpose,
    certificateData: '{}',
    sdgImpact: '{}',
    serialNumbers: '{}',
    use: certificate.use ?? 'voluntary',
    claims: certificate.claims ?? null,
    certificate,
    verification: {
      network: 'sandbox',
      xrplTransactions: [{ purpose: 'burn', hash: 'AB'.repeat(32) }],
      seal: {
        sealNumber: 7,
        fromPosition: '900:900',
        toPosition: '1100:1100',
        merkleRoot: MERKLE_ROOT,
        sealHash: 'cd'.repeat(32),
        sealedAt: '2026-11-20T10:20:00.000Z',
        anchorTxHash: ANCHOR,
      },
    },
  });
}

const NAMES = ['Łódź Spółdzielnia', 'Ελληνική', 'Москва', 'أحمد', '北京'];

describe('retirement certificate PDF', () => {
  it("prints the retirement's use and what its batch carried: authorization, corresponding adjustment, labels", async () => {
    const claims = {
      authorized: true,
      authorizedUse: 'oimp' as const,
      adjustment: 'applied' as const,
      reportingPeriod: '2026',
      labels: ['CCP-approved' as const, 'CORSIA eligible' as const],
    };
    const { text } = await pdfText(
      await retirementCertificatePdf(aRetirement('Airline A', 'CORSIA offsetting 2026', { use: 'corsia', claims }), { verifyUrl: VERIFY_URL }),
    );
    const flat = text.replaceAll(/\s+/g, ' ');
    expect(flat).toContain('CORSIA');
    expect(flat).toContain('authorized for Other international mitigation purposes (OIMP)');
    expect(flat).toContain('corresponding adjustment applied (2026)');
    expect(flat).toContain('labels CCP-approved, CORSIA eligible');
    const voluntary = await pdfText(await retirementCertificatePdf(aRetirement('Airline A', ''), { verifyUrl: VERIFY_URL }));
    expect(voluntary.text).toContain('Voluntary');
  });

  it('prints beneficiaries in Latin, Greek, Cyrillic, Arabic and CJK as written', async () => {
    const beneficiary = `${NAMES[0]} / ${NAMES[1]} / ${NAMES[2]}`;
    const purpose = `Offsetting the 2026 travel of ${NAMES[3]} and the ${NAMES[4]} office`;
    const pdf = await retirementCertificatePdf(aRetirement(beneficiary, purpose), { verifyUrl: VERIFY_URL });
    const { text, pages } = await pdfText(pdf);
    expect(pages).toBe(1);
    for (const name of NAMES) expect(text).toContain(name);
  });

  it('the longest inputs: title, parties, serial ranges, verify link, XRPL record, seal and anchor flow onto a framed second page', async () => {
    const ranges = Array.from(
      { length: 15 },
      (_, index) =>
        `NXCC-FOREST-2023-7F3A9C21-${String(index * 10 + 1).padStart(6, '0')} to NXCC-FOREST-2023-7F3A9C21-${String(index * 10 + 5).padStart(6, '0')}`,
    );
    // The longest beneficiary (200) and purpose (500) the retire contract accepts still fit the page.
    const beneficiary = `Acme Corp ${'Holdings '.repeat(21)}`.slice(0, 200);
    const longPurpose = 'Compensating the emissions of our whole supply chain '.repeat(10).slice(0, 500);
    const pdf = await retirementCertificatePdf(aRetirement(beneficiary, longPurpose, { serialRanges: ranges }), { verifyUrl: VERIFY_URL });
    const { text, pages, pageTexts } = await pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(pages).toBe(2);
    for (const page of pageTexts) expect(page).toContain(`Verify at ${VERIFY_URL}`);
    for (const shown of [
      'Carbon Credit Retirement Certificate',
      'Retired on behalf of',
      'Acme Corp',
      'Green Valley Reforestation',
      '2023',
      ranges[0]!,
      ranges[11]!,
      '... and 3 more ranges (see the certificate document)',
      `Verify at ${VERIFY_URL}`,
      `burn: ${'AB'.repeat(32)}`,
      'Seal #7',
      `Merkle root: ${MERKLE_ROOT}`,
      `Anchored on XRPL: ${ANCHOR}`,
      'supply chain Compensating',
      beneficiary.trim(),
    ]) {
      expect(flat).toContain(shown);
    }
    expect(flat).not.toContain(ranges[12]!);
  });
});
