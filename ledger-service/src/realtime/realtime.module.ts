import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { RealtimeGateway } from './realtime.gateway.js';

@Module({ imports: [AuthModule], providers: [RealtimeGateway] })
export class RealtimeModule {}
