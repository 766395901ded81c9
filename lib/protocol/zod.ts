import { z } from 'zod';

// Zod compiles object parsers with `new Function` unless told not to; the pages' Content-Security-
// Policy forbids eval (and reports every attempt), so schemas that run in the browser are built
// without it. Set here, before any schema that imports `z` from this module is constructed.
z.config({ jitless: true });

export { z };
