import { Module } from '@nestjs/common';
import { EvidenceExportController } from './evidence-export.controller.js';

@Module({ controllers: [EvidenceExportController] })
export class ComplianceModule {}
