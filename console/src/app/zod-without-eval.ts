import { z } from 'zod';

// zod probes new Function() when it builds a schema, to compile fast parsers; the CSP allows no eval.
// Imported first by main.tsx, so it runs before any module defines a schema.
z.config({ jitless: true });
