import { z } from 'zod';
import { freeText } from '../shared/free-text.js';
import { documentKinds, documentMediaTypes, MAX_CITED_DOCUMENTS, MAX_DOCUMENT_BYTES } from './projects.constants.js';

export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Document hash must be 64 lowercase hex digits (sha256)');

/**
 * A document as an event cites it: the bytes are stored once under their sha256, so the
 * citation is enough to fetch them and to prove they did not change.
 */
export const citedDocument = z.object({
  sha256: sha256Hex,
  kind: z.enum(documentKinds),
  name: freeText({ label: 'Document name', min: 1, max: 200 }),
  size: z.number().int().min(1).max(MAX_DOCUMENT_BYTES),
  mediaType: z.enum(documentMediaTypes),
});
export type CitedDocument = z.infer<typeof citedDocument>;

export const citedDocuments = z.array(citedDocument).max(MAX_CITED_DOCUMENTS, `At most ${MAX_CITED_DOCUMENTS} documents`);

/** A document as a request names it: one the caller uploaded (POST /api/documents), by hash. */
export const documentCitation = z.object({
  sha256: sha256Hex,
  kind: z.enum(documentKinds),
  name: freeText({ label: 'Document name', min: 1, max: 200 }),
});
export type DocumentCitation = z.infer<typeof documentCitation>;

export const documentCitations = z.array(documentCitation).max(MAX_CITED_DOCUMENTS, `At most ${MAX_CITED_DOCUMENTS} documents`).default([]);

/** POST /api/documents answers what it stored. */
export const uploadDocumentResponse = z.object({
  sha256: sha256Hex,
  size: z.number().int(),
  mediaType: z.enum(documentMediaTypes),
  /** False when the same bytes were stored before (by anyone): nothing new was written. */
  created: z.boolean(),
});
export type UploadDocumentResponse = z.infer<typeof uploadDocumentResponse>;

export const documentParams = z.object({ sha256: sha256Hex });
