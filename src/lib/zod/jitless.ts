import { config } from 'zod/v4/core';

// The CSP has no 'unsafe-eval': jitless keeps zod from probing `new Function`, which the browser reports as a violation.
config({ jitless: true });
