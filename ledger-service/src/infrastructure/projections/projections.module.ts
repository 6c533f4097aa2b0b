import { Global, Module } from '@nestjs/common';
import { ProjectionHost } from './projection-host.js';

@Global()
@Module({ providers: [ProjectionHost], exports: [ProjectionHost] })
export class ProjectionsModule {}
