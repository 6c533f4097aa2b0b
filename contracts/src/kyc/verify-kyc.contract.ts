import { z } from 'zod';
import { freeText } from '../shared/free-text.js';
import { isoCountryCodes } from '../shared/countries.js';
import { amlStatuses, KYC_MIN_AGE_YEARS, kycStatuses } from './kyc.constants.js';
import { kycAddress } from './xrpl-address.js';

/** Whole years between an ISO date and `today`. */
export function ageInYears(dateOfBirth: string, today: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  return beforeBirthday ? age - 1 : age;
}

/** POST /api/kyc/verify: the inquiry, plus the identity the built-in verification form collects. */
export const verifyKycRequest = z.object({
  xrplAddress: kycAddress,
  inquiryId: freeText({ label: 'Inquiry id', min: 1, max: 100 }),
  legalName: freeText({ label: 'Legal name', min: 2, max: 200 }),
  dateOfBirth: z.iso
    .date({ error: 'Date of birth must be a date (YYYY-MM-DD)' })
    .refine((date) => ageInYears(date, new Date()) >= KYC_MIN_AGE_YEARS, `You must be at least ${KYC_MIN_AGE_YEARS} years old`)
    .refine((date) => ageInYears(date, new Date()) <= 130, 'Date of birth is not plausible'),
  country: z.enum(isoCountryCodes, { error: 'Country must be an ISO 3166-1 alpha-2 code, e.g. GB' }),
  documentNumber: z
    .string({ error: 'Document number is required' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, 'Document number must be 4-40 letters, digits or dashes'),
});
export type VerifyKycRequest = z.infer<typeof verifyKycRequest>;

export const verifyKycResponse = z.object({
  /** True when the address is verified; a pending review or a rejection answers false with `error`. */
  success: z.boolean(),
  kycStatus: z.enum(kycStatuses),
  amlStatus: z.enum(amlStatuses),
  riskScore: z.number().int().min(0).max(100),
  error: z.string().optional(),
  position: z.string(),
});
export type VerifyKycResponse = z.infer<typeof verifyKycResponse>;
