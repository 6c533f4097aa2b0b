import { z } from 'zod';

// zod probes new Function() when it builds a schema, to compile fast parsers; the CSP allows no eval.
// main.tsx runs it, then imports the console: no module defines a schema before it.
z.config({ jitless: true });
