import { COUNTRY_CODE_PATTERN, PINCODE_PATTERN } from '@contract/patterns';
import { z } from 'zod';

/*
 * Schemas of values the app keeps for itself, in a module their stored values load with their first read (after the
 * first paint), so zod does not ride in the shell.
 */

/** The buyer's country choice. */
export const storedCountrySchema = z.string().regex(COUNTRY_CODE_PATTERN);

/** The pincode a delivery was checked for. */
export const storedPincodeSchema = z.string().regex(PINCODE_PATTERN);

/** The persisted query cache's envelope (its queries are checked by the queries that read them). */
export const persistedQueryCacheSchema = z.object({
  timestamp: z.number(),
  buster: z.string(),
  clientState: z.object({ queries: z.array(z.unknown()), mutations: z.array(z.unknown()) }),
});
