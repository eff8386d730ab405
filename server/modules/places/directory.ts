import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/*
 * The postal directory: every Indian pincode with its post offices, in the shape of the public India Post lookup.
 * scripts/build-postal.ts writes it (a gzip'd TSV, one office a line, sorted by pincode) from two npm data packages;
 * the server reads it once, on the first lookup, and keeps each pincode's lines as text until they are asked for.
 */

export const DIRECTORY_FILE = fileURLToPath(new URL('../../data/postal-directory.tsv.gz', import.meta.url));

export const BRANCH_TYPES = ['Branch Post Office', 'Sub Post Office', 'Head Post Office'] as const;
export type BranchType = (typeof BRANCH_TYPES)[number];
export const DELIVERY_STATUSES = ['Delivery', 'Non-Delivery'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One post office, as the public lookup names its fields. */
export interface PostOffice {
  Name: string;
  Description: string | null;
  /** One of BRANCH_TYPES; "Post Office" where the sources do not say which. */
  BranchType: string;
  DeliveryStatus: DeliveryStatus;
  Circle: string;
  District: string;
  Division: string;
  Region: string;
  Block: string;
  State: string;
  Country: string;
  Pincode: string;
}

/** Where the sources do not give an office's kind. */
export const UNKNOWN_BRANCH_TYPE = 'Post Office';

const BRANCH_CODES: Record<string, string> = {
  B: 'Branch Post Office',
  S: 'Sub Post Office',
  H: 'Head Post Office',
};
const BRANCH_CODE_OF: Record<string, string> = {
  'Branch Post Office': 'B',
  'Sub Post Office': 'S',
  'Head Post Office': 'H',
};

/** The columns of a line, in order (the file's first line names them). */
export const DIRECTORY_COLUMNS = [
  'pincode',
  'name',
  'branch',
  'delivery',
  'circle',
  'district',
  'division',
  'region',
  'block',
  'state',
] as const;

const clean = (value: string) => value.replace(/[\t\n\r]+/g, ' ').trim();

/** One office as a directory line (no newline). */
export function encodeOffice(office: PostOffice): string {
  return [
    office.Pincode,
    office.Name,
    BRANCH_CODE_OF[office.BranchType] ?? '',
    office.DeliveryStatus === 'Delivery' ? 'D' : 'N',
    office.Circle,
    office.District,
    office.Division,
    office.Region,
    office.Block,
    office.State,
  ]
    .map(clean)
    .join('\t');
}

export function decodeOffice(line: string): PostOffice {
  const [
    pincode = '',
    name = '',
    branch = '',
    delivery = '',
    circle = '',
    district = '',
    division = '',
    region = '',
    block = '',
    state = '',
  ] = line.split('\t');
  return {
    Name: name,
    Description: null,
    BranchType: BRANCH_CODES[branch] ?? UNKNOWN_BRANCH_TYPE,
    DeliveryStatus: delivery === 'D' ? 'Delivery' : 'Non-Delivery',
    Circle: circle,
    District: district,
    Division: division,
    Region: region,
    Block: block,
    State: state,
    Country: 'India',
    Pincode: pincode,
  };
}

/** Pincode → its offices, kept as the file's text until a lookup decodes them. */
export interface PostalDirectory {
  lookup(pincode: string): PostOffice[];
  readonly size: number;
}

/** Builds the index from the directory's text: one pass, one Map entry per pincode. */
export function parseDirectory(text: string): PostalDirectory {
  const byPincode = new Map<string, string[]>();
  let start = text.indexOf('\n') + 1; // the header line
  while (start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    if (end > start) {
      const line = text.slice(start, end);
      const pincode = line.slice(0, line.indexOf('\t'));
      const lines = byPincode.get(pincode);
      if (lines) lines.push(line);
      else byPincode.set(pincode, [line]);
    }
    start = end + 1;
  }
  return {
    lookup: (pincode) => (byPincode.get(pincode) ?? []).map(decodeOffice),
    get size() {
      return byPincode.size;
    },
  };
}

const gunzipAsync = promisify(gunzip);

/** Reads and indexes a directory file off the event loop's hot path (gunzip runs in libuv's pool). */
export async function readDirectoryFile(file: string): Promise<PostalDirectory> {
  return parseDirectory((await gunzipAsync(await readFile(file))).toString('utf8'));
}

let loaded: Promise<PostalDirectory> | undefined;

/** The committed directory, read once on the first lookup and shared by every later one (about 19,000 pincodes). */
export function postalDirectory(): Promise<PostalDirectory> {
  loaded ??= readDirectoryFile(DIRECTORY_FILE).catch((error: unknown) => {
    loaded = undefined; // a failed read is retried by the next lookup
    throw error;
  });
  return loaded;
}
