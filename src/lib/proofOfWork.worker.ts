import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { handler } from 'altcha-lib/workers/shared';

// altcha-lib's worker protocol: solves its share of the counters off the page's thread.
handler({ deriveKey });
