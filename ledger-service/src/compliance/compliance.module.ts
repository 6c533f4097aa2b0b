import { Module } from '@nestjs/common';
import { ComplianceReportsController } from './compliance-reports.controller.js';
import { EvidenceExportController } from './evidence-export.controller.js';

@Module({ controllers: [EvidenceExportController, ComplianceReportsController] })
export class ComplianceModule {}
