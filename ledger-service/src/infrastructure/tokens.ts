/** Injection tokens of the runtime pieces created before Nest boots. */
export const EVENT_STORE = Symbol('EVENT_STORE');
export const READ_MODELS = Symbol('READ_MODELS');
export const PG_POOL = Symbol('PG_POOL');
export const RUNTIME = Symbol('RUNTIME');
