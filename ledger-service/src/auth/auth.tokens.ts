export const AUTH_DB = Symbol('AUTH_DB');
