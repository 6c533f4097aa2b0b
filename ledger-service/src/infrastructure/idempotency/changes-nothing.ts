import { SetMetadata } from '@nestjs/common';

export const CHANGES_NOTHING = 'changes-nothing';

/**
 * A POST that only builds a document from the log and records nothing (an export, a
 * report): its Idempotency-Key is ignored, a repeat is simply answered afresh, and its
 * answer (a file streamed by the handler) is not kept.
 */
export const ChangesNothing = (): MethodDecorator => SetMetadata(CHANGES_NOTHING, true);
