import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { type ShopServer, startShopServer } from './server';
import { type CliResult, shopCli } from './shop-cli';

export { expect } from '@playwright/test';

/** The fixed code of every e2e test number (nothing is sent; hashing, tries and limits are real). */
export const TEST_CODE = '246810';
const TEST_NUMBERS_PER_WORKER = 200;

/** The e-mail address of the buyer with this mobile number: a test address, its code is TEST_CODE too. */
export function buyerEmail(national: string): string {
  return `buyer${national}@example.com`;
}

/** 98765 WW NNN: worker WW's NNNth buyer, a valid Indian mobile number. */
function testNumber(workerIndex: number, n: number): string {
  return `98765${String(workerIndex % 100).padStart(2, '0')}${String(n).padStart(3, '0')}`;
}

interface WorkerFixtures {
  /** This worker's own server and database: what a test changes server-wide (maintenance, prices) stays here. */
  shopServer: ShopServer & { nextBuyerPhone(): string };
  /** Settings a spec file gives its workers' servers (`test.use({ serverEnv: {...} })`), over the defaults below. */
  serverEnv: Record<string, string>;
}

interface TestFixtures {
  /** The operator CLI (`npm run shop -- ...args`) against this worker's server. */
  shop: (args: readonly string[]) => Promise<CliResult>;
  /** A national mobile number (10 digits) no other test of the run signs in with. */
  buyerPhone: string;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  serverEnv: [{}, { scope: 'worker', option: true }],
  shopServer: [
    async ({ serverEnv }, use, workerInfo) => {
      const { workerIndex, parallelIndex } = workerInfo;
      // E2E_DATA_DIR is a parent dir that is kept; otherwise each worker gets a fresh temp dir, removed after.
      const parent = process.env.E2E_DATA_DIR;
      const dataDir = parent
        ? join(parent, `worker-${workerIndex}`)
        : mkdtempSync(join(tmpdir(), 'shop-e2e-'));
      mkdirSync(dataDir, { recursive: true });
      const basePort = Number(process.env.E2E_PORT ?? 0);
      const numbers = Array.from({ length: TEST_NUMBERS_PER_WORKER }, (_, i) => {
        const national = testNumber(workerIndex, i + 1);
        return `+91${national}:${TEST_CODE},${buyerEmail(national)}:${TEST_CODE}`;
      });
      const server = await startShopServer({
        dataDir,
        port: basePort > 0 ? basePort + parallelIndex : 0,
        ...(process.env.E2E_SERVER_LOG ? { output: process.stderr } : {}),
        env: {
          // A fresh embedded database; E2E_DATABASE_URL opts into PostgreSQL (empty = unset).
          DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
          OTP_TEST_NUMBERS: numbers.join(','),
          // Every journey of this worker asks for its codes from 127.0.0.1: the per-IP and per-network limits are not
          // under test.
          OTP_IP_LIMIT_PER_HOUR: '10000',
          OTP_NETWORK_LIMIT_PER_HOUR: '10000',
          // Every journey of this worker places its orders from 127.0.0.1 too.
          ORDER_CREATE_IP_LIMIT_PER_HOUR: '10000',
          // The 30 s between two codes for a number is held by the API suite; a journey that signs back in waits this
          // one out through the screen's countdown, so it is short.
          OTP_RESEND_COOLDOWN_SECONDS: '4',
          // A payment left pending in the sandbox settles (as paid) this soon: the pending journey waits for it.
          SANDBOX_PENDING_SETTLE_MS: '3000',
          ...serverEnv,
        },
      });
      let issued = 0;
      try {
        await use({
          ...server,
          nextBuyerPhone: () => {
            issued += 1;
            if (issued > TEST_NUMBERS_PER_WORKER) throw new Error('raise TEST_NUMBERS_PER_WORKER');
            return testNumber(workerIndex, issued);
          },
        });
      } finally {
        await server.stop();
        if (!parent) rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ shopServer }, use) => {
    await use(shopServer.baseURL);
  },
  shop: async ({ shopServer }, use) => {
    await use((args) => shopCli(shopServer.dataDir, args));
  },
  buyerPhone: async ({ shopServer }, use) => {
    await use(shopServer.nextBuyerPhone());
  },
});
