import { ListMyProjectsHandler, PublicProjectHandler, PublicProjectsHandler, ReviewQueueHandler, VerificationQueueHandler } from './list-projects.handler.js';
import { ListVerifiersHandler } from './list-verifiers.handler.js';
import { PublicBatchesHandler, PublicCancellationsHandler, PublicRetirementsHandler, PublicSerialHandler } from './public-registry.handler.js';

export * from './list-projects.handler.js';
export * from './list-verifiers.handler.js';
export * from './public-registry.handler.js';

/** The projects capability's query handlers, for the module's providers. */
export const projectQueryHandlers = [
  ListMyProjectsHandler,
  VerificationQueueHandler,
  ReviewQueueHandler,
  PublicProjectsHandler,
  PublicProjectHandler,
  ListVerifiersHandler,
  PublicBatchesHandler,
  PublicRetirementsHandler,
  PublicCancellationsHandler,
  PublicSerialHandler,
];
