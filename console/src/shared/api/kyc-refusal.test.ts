import { describe, expect, it } from 'vitest';
import { HttpError } from './http';
import { isKycRefusal } from './kyc-refusal';

const body = (value: unknown) => JSON.stringify(value);

describe('isKycRefusal', () => {
  it.each([
    ['a KycRequired answer', new HttpError(403, 'Forbidden', body({ error: 'KycRequired', message: 'KYC Verification Required' }))],
    ['details.requiresKyc', new HttpError(403, 'Forbidden', body({ error: 'Forbidden', message: 'No', details: { requiresKyc: true } }))],
    ['a server message naming KYC', new HttpError(400, 'Bad Request', body({ error: 'ValidationFailed', message: 'Complete KYC first' }))],
    ['any error naming KYC', new Error('KYC check failed')],
  ])('recognises %s', (_case, error) => {
    expect(isKycRefusal(error)).toBe(true);
  });

  it.each([
    ['another refusal', new HttpError(409, 'Conflict', body({ error: 'Conflict', message: 'Project already issued' }))],
    ['a bare failure', new HttpError(502, 'Bad Gateway', '')],
    ['a non-error', 'KYC'],
  ])('ignores %s', (_case, error) => {
    expect(isKycRefusal(error)).toBe(false);
  });
});
