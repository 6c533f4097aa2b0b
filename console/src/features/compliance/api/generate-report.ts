import { complianceReportFileName, type ReportFormat, type ReportFramework } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestFile } from '../../../shared/api/http';

/** The request as the Generate Reports list sends it. */
export interface GenerateReportInput {
  framework: ReportFramework;
  period: { from?: string; to?: string };
  format: ReportFormat;
}

export interface ReportFile {
  blob: Blob;
  fileName: string;
}

export async function generateReport(request: GenerateReportInput): Promise<ReportFile> {
  const { blob, fileName } = await requestFile('/api/compliance/reports', { method: 'POST', body: request });
  return { blob, fileName: fileName ?? complianceReportFileName(request.framework, request.format, new Date()) };
}

export function useGenerateReport() {
  return useMutation({ mutationFn: generateReport });
}
