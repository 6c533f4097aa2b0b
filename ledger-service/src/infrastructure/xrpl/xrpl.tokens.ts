export const XRPL_GATEWAY = Symbol('XRPL_GATEWAY');
