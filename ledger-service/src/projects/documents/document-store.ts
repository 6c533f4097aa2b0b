import { Inject, Injectable } from '@nestjs/common';
import {
  type CitedDocument,
  type DocumentCitation,
  type DocumentMediaType,
  documentMediaTypes,
  MAX_DOCUMENT_BYTES,
  type UploadDocumentResponse,
} from '@carbon-ledger/contracts';
import { createHash } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { DomainError } from '../../shared/domain-error.js';

interface RegistryDocumentsDatabase {
  registry_documents: {
    sha256: string;
    media_type: string;
    size: number;
    content: Buffer;
    uploaded_by: string;
    uploaded_at: ColumnType<Date, Date | undefined, never>;
  };
}

export interface StoredDocument {
  readonly sha256: string;
  readonly mediaType: DocumentMediaType;
  readonly size: number;
  readonly content: Buffer;
  readonly uploadedBy: string;
}

export const sha256Of = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

const isMediaType = (value: string): value is DocumentMediaType => (documentMediaTypes as readonly string[]).includes(value);

/** The media type of a Content-Type header, without its parameters (`text/plain; charset=utf-8`). */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Documents stored content-addressed: the same bytes are one row whoever uploads them, and a
 * download is checked against the hash the log cites before it is sent.
 */
@Injectable()
export class DocumentStore {
  private readonly db: Kysely<RegistryDocumentsDatabase>;

  constructor(@Inject(READ_MODELS) readModels: ReadModels) {
    this.db = readModels as unknown as Kysely<RegistryDocumentsDatabase>;
  }

  /** Refuses a body that is empty, too large or of a type the registry does not take; stores it once. */
  async put(body: unknown, contentType: string | undefined, uploadedBy: string): Promise<UploadDocumentResponse> {
    const mediaType = mediaTypeOf(contentType);
    if (!isMediaType(mediaType)) {
      throw new DomainError('UnsupportedMediaType', `Documents must be one of: ${documentMediaTypes.join(', ')} (this one is ${mediaType || 'untyped'})`, {
        accepted: documentMediaTypes,
      });
    }
    if (!Buffer.isBuffer(body) || body.length === 0) throw new DomainError('ValidationFailed', 'The document is empty: send its bytes as the request body');
    if (body.length > MAX_DOCUMENT_BYTES) {
      throw new DomainError('PayloadTooLarge', `Documents may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB; this one is ${body.length} bytes`, {
        limit: MAX_DOCUMENT_BYTES,
      });
    }
    const sha256 = sha256Of(body);
    const inserted = await this.db
      .insertInto('registry_documents')
      .values({ sha256, media_type: mediaType, size: body.length, content: body, uploaded_by: uploadedBy })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .returning('sha256')
      .executeTakeFirst();
    return { sha256, size: body.length, mediaType, created: inserted !== undefined };
  }

  /** The stored bytes, refused when they no longer hash to what they are stored under. */
  async get(sha256: string): Promise<StoredDocument | undefined> {
    const row = await this.db.selectFrom('registry_documents').selectAll().where('sha256', '=', sha256).executeTakeFirst();
    if (!row) return undefined;
    if (sha256Of(row.content) !== sha256) {
      throw new DomainError('InternalError', `Document ${sha256} no longer matches the hash the registry recorded; it is not sent`, { sha256 });
    }
    return {
      sha256,
      mediaType: isMediaType(row.media_type) ? row.media_type : 'application/pdf',
      size: row.size,
      content: row.content,
      uploadedBy: row.uploaded_by,
    };
  }

  /**
   * A request's citations as an event records them: each must name an uploaded document, whose
   * size and media type the event then carries.
   */
  async cite(citations: readonly DocumentCitation[]): Promise<CitedDocument[]> {
    if (citations.length === 0) return [];
    const hashes = [...new Set(citations.map((citation) => citation.sha256))];
    const rows = await this.db.selectFrom('registry_documents').select(['sha256', 'media_type', 'size']).where('sha256', 'in', hashes).execute();
    const stored = new Map(rows.map((row) => [row.sha256, row]));
    return citations.map((citation, index) => {
      const row = stored.get(citation.sha256);
      if (!row || !isMediaType(row.media_type)) {
        throw new DomainError('ValidationFailed', `Document ${citation.sha256} was not uploaded; upload it to /api/documents first`, [
          { path: `documents.${index}.sha256`, message: 'not uploaded' },
        ]);
      }
      return { sha256: citation.sha256, kind: citation.kind, name: citation.name, size: row.size, mediaType: row.media_type };
    });
  }
}
