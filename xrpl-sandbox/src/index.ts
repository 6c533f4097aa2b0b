export { DEFAULT_FEES, GENESIS_SEED, startSandbox } from './sandbox.js';
export type { Sandbox, SandboxOptions } from './sandbox.js';
