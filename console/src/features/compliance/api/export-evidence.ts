import { evidenceExportFileName, type ExportFormat, type ExportType } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../shared/api/http';

/** The request as the panel sends it (the server fills in its defaults). */
export interface EvidenceExportInput {
  exportType: ExportType;
  dateRange: { from?: string; to?: string };
  includeKYC: boolean;
  includeBlockchain: boolean;
  format: ExportFormat;
}

export interface EvidenceExportFile {
  blob: Blob;
  fileName: string;
}

/** When the server does not name the file, it is named with a timestamp. */
export async function exportEvidence(request: EvidenceExportInput): Promise<EvidenceExportFile> {
  const { blob, fileName } = await requestFile('/api/export/evidence', { method: 'POST', body: request });
  return { blob, fileName: fileName ?? evidenceExportFileName(request.format, new Date()) };
}

export function useExportEvidence() {
  return useMutation({ mutationFn: exportEvidence });
}
