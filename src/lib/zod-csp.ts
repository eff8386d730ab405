import { config } from 'zod';

// zod probes `new Function` to compile fast parsers when the first object schema is built; the
// Content-Security-Policy has no 'unsafe-eval', so the probe is reported as a violation. Imported first by main.tsx.
config({ jitless: true });
