/** XRPL classic addresses as every capability accepts them (KYC, issuance, XRPL actions). */
import { z } from 'zod';
/** The console queries the status only for addresses longer than this. */
export const KYC_STATUS_MIN_ADDRESS = 20;
/** Acting (starting a verification, issuing, trading) needs at least this many characters. */
export const KYC_START_MIN_ADDRESS = 25;
export const INVALID_XRPL_ADDRESS_MESSAGE = 'Invalid Address - Please enter a valid XRPL address';

/** Shape of a classic address (base58, ripple alphabet); the service also checks its checksum. */
const CLASSIC_ADDRESS = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/;

/** An address to act on: at least 25 characters, a classic address. */
export const kycAddress = z
  .string({ error: INVALID_XRPL_ADDRESS_MESSAGE })
  .trim()
  .min(KYC_START_MIN_ADDRESS, INVALID_XRPL_ADDRESS_MESSAGE)
  .max(35, INVALID_XRPL_ADDRESS_MESSAGE)
  .regex(CLASSIC_ADDRESS, INVALID_XRPL_ADDRESS_MESSAGE);

/** An address to look up: longer than 20 characters, a classic address. */
export const kycLookupAddress = z
  .string({ error: INVALID_XRPL_ADDRESS_MESSAGE })
  .trim()
  .min(KYC_STATUS_MIN_ADDRESS + 1, INVALID_XRPL_ADDRESS_MESSAGE)
  .max(35, INVALID_XRPL_ADDRESS_MESSAGE)
  .regex(CLASSIC_ADDRESS, INVALID_XRPL_ADDRESS_MESSAGE);
