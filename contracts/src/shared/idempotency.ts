import { z } from 'zod';

/**
 * The IETF Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header): a client
 * sends a fresh key with every state-changing request and the same key when it retries it.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Set on an answer that repeats the stored first answer to a request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** A UUID from the console; any client may send 8-128 letters, digits and `. _ : -`. */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9._:-]{8,128}$/, 'Idempotency-Key must be 8-128 characters of letters, digits, . _ : -');

/** How long a key and its first answer are kept; an older key is a new request (see README "Idempotency-Key"). */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
