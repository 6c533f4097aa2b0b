export * from './cpu.js';
export * from './entry.js';
export * from './machine.js';
export * from './stats.js';
