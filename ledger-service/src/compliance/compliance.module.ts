import { Module } from '@nestjs/common';
import { ComplianceDashboardController } from './compliance-dashboard.controller.js';
import { ComplianceReportsController } from './compliance-reports.controller.js';
import { EvidenceExportController } from './evidence-export.controller.js';
import { GetComplianceDashboardHandler } from './queries/get-compliance-dashboard.handler.js';

@Module({ controllers: [EvidenceExportController, ComplianceReportsController, ComplianceDashboardController], providers: [GetComplianceDashboardHandler] })
export class ComplianceModule {}
