import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/*
 * IFSC lookups from Razorpay's offline list (the `ifsc` package's src/*.json): a code is valid when its bank lists
 * its branch; the bank's name comes from the bank code, or from the sublet lists for a branch another bank runs.
 * The package has no branch names. Loaded on the first lookup (about 1.5 MB), never on start.
 */

interface IfscData {
  branches: Record<string, ReadonlyArray<number | string>>;
  names: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: Array<[string, string]>;
}

const require = createRequire(import.meta.url);
let loading: Promise<IfscData> | undefined;

async function json<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(require.resolve(`ifsc/src/${file}`), 'utf8')) as T;
}

function load(): Promise<IfscData> {
  loading ??= Promise.all([
    json<IfscData['branches']>('IFSC.json'),
    json<IfscData['names']>('banknames.json'),
    json<IfscData['sublets']>('sublet.json'),
    json<Record<string, string>>('custom-sublets.json'),
  ]).then(([branches, names, sublets, custom]) => ({
    branches,
    names,
    sublets,
    customSublets: Object.entries(custom),
  }));
  return loading;
}

export interface IfscBank {
  ifsc: string;
  bank_code: string;
  bank_name: string;
}

/** The bank of a well-formed (upper-case) IFSC, or null when the list does not have it. */
export async function lookupIfsc(ifsc: string): Promise<IfscBank | null> {
  const data = await load();
  const code = ifsc.slice(0, 4);
  const branch = ifsc.slice(5);
  const list = Object.hasOwn(data.branches, code) ? data.branches[code] : undefined;
  if (!list) return null;
  const known = /^\d+$/.test(branch) ? list.includes(Number.parseInt(branch, 10)) : list.includes(branch);
  if (!known) return null;
  const bankCode =
    data.sublets[ifsc] ?? data.customSublets.find(([prefix]) => ifsc.startsWith(prefix))?.[1] ?? code;
  const name = data.names[bankCode] ?? data.names[code];
  return name ? { ifsc, bank_code: bankCode, bank_name: name } : null;
}
