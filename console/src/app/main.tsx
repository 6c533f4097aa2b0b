import './zod-without-eval';

// Every zod schema must be built after zod is told not to probe eval (the CSP forbids it). Chunks run
// before the entry's own code, so the console, and every schema with it, loads only after that.
void import('./start-console');
