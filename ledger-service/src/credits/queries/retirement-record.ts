import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type CreditProjectType,
  creditProjectTypes,
  formatSerial,
  describeRetiredUse,
  formatSerialRange,
  projectTypeSdgs,
  type RetiredBatchClaims,
  retiredBatchClaimsSchema,
  type RetirementUse,
  retirementUses,
  type RetirementCertificate,
  type RetirementRecord,
  sdgGoalNames,
  serialPrefixFor,
} from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import type { CreditRetirementRow } from './read-model-rows.js';

/** Serial numbers listed one by one in a record; the rest are counted in the suffix. */
export const LISTED_SERIALS_CAP = 1_000;
const REGISTRY_NAME = 'NXCC Carbon Ledger';
/** The product's default credit type of a retirement certificate. */
const CERTIFICATE_CREDIT_TYPE = 'VERs';

export type RetirementRow = CreditRetirementRow & {
  methodology: string | null;
  description: string | null;
  serial_prefix: string | null;
};

/** Retirements with what their certificates name about the batch (both kept by the retirements projection). */
export function selectRetirements(db: ReadModels) {
  return db
    .selectFrom('credit_retirements as r')
    .leftJoin('credit_retirement_batches as b', 'b.token_id', 'r.token_id')
    .selectAll('r')
    .select(['b.methodology', 'b.description', 'b.serial_prefix']);
}

const projectTypeOf = (row: RetirementRow): CreditProjectType => creditProjectTypes.find((type) => type === row.project_type) ?? 'Solar Energy';
const prefixOf = (row: RetirementRow): string => row.serial_prefix ?? serialPrefixFor(row.token_id);
const sdgsOf = (row: RetirementRow): readonly number[] => projectTypeSdgs[projectTypeOf(row)];
/** The use a retirement stated; undefined for one from before uses were stated (voluntary). */
export const statedUseOf = (row: Pick<RetirementRow, 'use'>): RetirementUse | undefined => retirementUses.find((use) => use === row.use);
export const retiredClaimsOf = (row: Pick<RetirementRow, 'claims'>): RetiredBatchClaims | undefined =>
  row.claims ? retiredBatchClaimsSchema.safeParse(row.claims).data : undefined;

/** The certificate document of a retirement: only what never changes once the retirement is recorded. */
export function retirementCertificate(row: RetirementRow): RetirementCertificate {
  const prefix = prefixOf(row);
  return {
    type: 'CarbonCreditRetirementCertificate',
    version: 1,
    retirementId: row.retirement_id,
    registry: REGISTRY_NAME,
    tokenId: row.token_id,
    projectName: row.project_name,
    projectType: projectTypeOf(row),
    vintage: row.vintage,
    methodology: row.methodology ?? '',
    quantity: row.quantity,
    unit: 'tCO2e',
    serialPrefix: prefix,
    serialRanges: row.ranges.map((range) => formatSerialRange(prefix, range.start, range.end)),
    beneficiary: row.beneficiary,
    purpose: row.purpose,
    standard: row.standard as RetirementCertificate['standard'],
    offsetType: row.offset_type as RetirementCertificate['offsetType'],
    retiredAt: row.retired_at.toISOString(),
    logPosition: `${row.commit_position}:${row.prepare_position}`,
    // Only on retirements that stated a use: an older certificate keeps its content, so its CID.
    ...(statedUseOf(row) ? { use: statedUseOf(row) } : {}),
    ...(retiredClaimsOf(row) ? { claims: retiredClaimsOf(row) } : {}),
  };
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32Lower(bytes: Buffer): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** CIDv1, raw codec (0x55), sha2-256 multihash, multibase base32: what IPFS would name the document. */
export function certificateCid(certificate: RetirementCertificate): string {
  const digest = createHash('sha256').update(canonicalJson(certificate), 'utf8').digest();
  return `b${base32Lower(Buffer.concat([Buffer.from([0x01, 0x55, 0x12, 0x20]), digest]))}`;
}

function serialNumbers(row: RetirementRow) {
  const prefix = prefixOf(row);
  const numbers: string[] = [];
  for (const range of row.ranges) {
    for (let serial = range.start; serial <= range.end && numbers.length < LISTED_SERIALS_CAP; serial += 1) {
      numbers.push(formatSerial(prefix, serial));
    }
  }
  const unlisted = row.quantity - numbers.length;
  return {
    numbers,
    range: row.ranges.map((range) => formatSerialRange(prefix, range.start, range.end)).join(', '),
    prefix,
    suffix: unlisted > 0 ? `first ${numbers.length} of ${row.quantity} serial numbers listed; ${unlisted} more in the ranges` : '',
  };
}

/** The product's retirement record: the JSON-text fields are built from the same certificate document. */
export function toRetirementRecord(row: RetirementRow, certificate = retirementCertificate(row)): RetirementRecord {
  const sdgs = sdgsOf(row);
  const impact = `${row.quantity} tCO2e retired on behalf of ${row.beneficiary}`;
  const description = row.description || `${row.project_name} (${certificate.projectType}, vintage ${row.vintage})`;
  const outcomes = [`${row.quantity} tonnes of CO2e offset`, `${certificate.serialRanges.length} serial range(s) permanently retired`];
  return {
    id: row.retirement_id,
    tokenId: row.token_id,
    projectName: row.project_name,
    projectType: certificate.projectType,
    vintage: row.vintage,
    beneficiary: row.beneficiary,
    retiredAt: certificate.retiredAt,
    amount: row.quantity,
    xrplTxHash: row.xrpl_tx_hash,
    registryLink: `/retirements/${row.retirement_id}`,
    ipfsCid: certificateCid(certificate),
    registryId: row.token_id,
    verificationStatus: row.verification_status,
    standard: certificate.standard,
    offsetType: certificate.offsetType,
    purpose: row.purpose,
    certificateData: JSON.stringify({
      type: CERTIFICATE_CREDIT_TYPE,
      creditType: certificate.projectType,
      methodology: certificate.methodology,
      impact,
      description,
      outcomes,
      additionalInfo: `${certificate.standard}; ${certificate.offsetType}; vintage ${row.vintage}; token ${row.token_id}${row.purpose ? `; purpose: ${row.purpose}` : ''}${
        certificate.use ? `; ${describeRetiredUse(certificate.use, certificate.claims)}` : ''
      }`,
    }),
    sdgImpact: JSON.stringify({
      impact,
      location: 'Not recorded',
      projectType: certificate.projectType,
      sdgs,
      description: `Contributes to UN SDG ${sdgs.join(', ')}`,
      outcomes: sdgs.map((sdg) => `SDG ${sdg}: ${sdgGoalNames[sdg] ?? 'Sustainable Development Goal'}`),
    }),
    serialNumbers: JSON.stringify(serialNumbers(row)),
    use: certificate.use ?? 'voluntary',
    claims: certificate.claims ?? null,
  };
}
