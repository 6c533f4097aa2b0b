import { HttpError } from './http';

/** A refusal for want of KYC: a KycRequired answer, or any error that names KYC. */
export function isKycRefusal(error: unknown): boolean {
  if (error instanceof HttpError && error.body) {
    const details = error.body.details as { requiresKyc?: unknown } | undefined;
    if (error.body.error === 'KycRequired' || details?.requiresKyc === true) return true;
    return error.body.message.includes('KYC');
  }
  return error instanceof Error && error.message.includes('KYC');
}
