import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ReactionHost } from './reaction-host.js';

@Global()
@Module({ imports: [DiscoveryModule], providers: [ReactionHost], exports: [ReactionHost] })
export class ReactionsModule {}
