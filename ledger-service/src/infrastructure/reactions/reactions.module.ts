import { Global, Module } from '@nestjs/common';
import { ReactionHost } from './reaction-host.js';

@Global()
@Module({ providers: [ReactionHost], exports: [ReactionHost] })
export class ReactionsModule {}
