import { MAX_DOCUMENT_BYTES } from '@carbon-ledger/contracts';
import type { NextFunction, Request, Response } from 'express';

/**
 * Reads a document upload's body as raw bytes, whatever its Content-Type (a JSON or text document
 * is a document, not a request to parse), and stops reading past the size limit with a 413.
 */
export function rawDocumentBody(request: Request, response: Response, next: NextFunction): void {
  if (request.method !== 'POST') return next();
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > MAX_DOCUMENT_BYTES) return tooLarge(request, response, declared);
  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  request.on('data', (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > MAX_DOCUMENT_BYTES) {
      refused = true;
      tooLarge(request, response, size);
      return;
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (refused) return;
    (request as Request & { body: unknown }).body = Buffer.concat(chunks);
    next();
  });
  request.on('error', (error) => {
    if (!refused) next(error);
  });
}

function tooLarge(request: Request, response: Response, size: number): void {
  response.status(413).json({
    error: 'PayloadTooLarge',
    message: `Documents may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB; this one is ${size} bytes or more`,
    details: { limit: MAX_DOCUMENT_BYTES },
  });
  // Nothing more of the body is read; the connection closes once the answer is sent.
  request.unpipe();
  response.on('finish', () => request.destroy());
}
