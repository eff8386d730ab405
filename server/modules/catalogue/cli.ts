import { parseArgs } from 'node:util';
import {
  type CatalogueAdminList,
  type CatalogueAdminPriceRequest,
  type CatalogueAdminProduct,
  type CatalogueAdminStockRequest,
  catalogueAdminListResponseSchema,
  catalogueAdminPriceRequestSchema,
  catalogueAdminProductResponseSchema,
  catalogueAdminStockRequestSchema,
} from '@contract/catalogue-admin';
import { type Currency, formatMoney, toMinor } from '@contract/money';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { operatorRequest } from '../../runtime';
import { createCatalogueService } from './service';

// `npm run shop -- catalogue …`: the operator's price and stock commands (server/cli.ts dispatches here).
export const CATALOGUE_USAGE = `  npm run shop -- catalogue list
  npm run shop -- catalogue price <PRODUCT_CODE> --currency INR|USD --amount N [--original N|none]
  npm run shop -- catalogue stock <PRODUCT_CODE> --quantity N
  npm run shop -- catalogue stock <PRODUCT_CODE> --unlimited
  (amounts in major units before GST: --amount 54999 is ₹54,999)`;

export class CatalogueUsageError extends Error {}

export type CatalogueAction =
  | { kind: 'list' }
  | { kind: 'price'; input: CatalogueAdminPriceRequest }
  | { kind: 'stock'; input: CatalogueAdminStockRequest };

function numberOption(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replaceAll(',', '').replaceAll('_', ''));
  if (value.trim() === '' || !Number.isFinite(n))
    throw new CatalogueUsageError(`--${name}: not a number: ${value}`);
  return n;
}

function usage(message?: string): CatalogueUsageError {
  return new CatalogueUsageError(`${message ? `${message}\n` : ''}Usage:\n${CATALOGUE_USAGE}`);
}

const OPTIONS = {
  currency: { type: 'string' },
  amount: { type: 'string' },
  original: { type: 'string' },
  quantity: { type: 'string' },
  unlimited: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    // An unknown option or a missing value.
    throw usage((error as Error).message);
  }
}

const FLAG_OF_FIELD: Record<string, string> = {
  amount: '--amount',
  original_amount: '--original',
  available_quantity: '--quantity',
  currency: '--currency',
  product_code: 'product code',
};

/** Validates with the admin call's own schema, naming the flag the operator typed. */
function check<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = String(issue?.path[0] ?? '');
  throw usage(`${FLAG_OF_FIELD[field] ?? field}: ${issue?.message ?? 'invalid'}`);
}

/** Parses the words after `catalogue`. */
export function parseCatalogueCommand(argv: string[]): CatalogueAction {
  const { positionals, values } = parseOptions(argv);
  const [verb, code, ...rest] = positionals;
  if (values.help || rest.length > 0) throw usage();
  if (verb === 'list' && code === undefined) return { kind: 'list' };
  if (code === undefined)
    throw usage(verb === 'price' || verb === 'stock' ? 'Name a product code' : undefined);

  if (verb === 'price') {
    if (values.amount === undefined) throw usage('--amount is required');
    const input = check(catalogueAdminPriceRequestSchema, {
      product_code: code,
      currency: values.currency?.toUpperCase(),
      amount: numberOption('amount', values.amount) ?? 0,
      ...(values.original === undefined
        ? {}
        : {
            original_amount:
              values.original === 'none' ? null : (numberOption('original', values.original) ?? null),
          }),
    });
    return { kind: 'price', input };
  }
  if (verb === 'stock') {
    if (values.unlimited && values.quantity !== undefined)
      throw usage('Give --quantity or --unlimited, not both');
    if (!values.unlimited && values.quantity === undefined) throw usage('--quantity is required');
    const input = check(
      catalogueAdminStockRequestSchema,
      values.unlimited
        ? { product_code: code, availability_type: 'UNLIMITED' }
        : {
            product_code: code,
            availability_type: 'LIMITED',
            available_quantity: numberOption('quantity', values.quantity),
          },
    );
    return { kind: 'stock', input };
  }
  throw usage();
}

/** A wire price (major units) with its minor digits always shown, so the list's columns line up. */
function formatPrice(major: number, currency: Currency): string {
  return formatMoney(toMinor(major, currency), currency, { alwaysFraction: true });
}

function formatPrices(p: CatalogueAdminProduct): string {
  if (p.prices.length === 0) return 'no price';
  return p.prices
    .map(
      (price) =>
        `${formatPrice(price.taxable_amount, price.currency)}${
          price.original_taxable_amount === null
            ? ''
            : ` (was ${formatPrice(price.original_taxable_amount, price.currency)})`
        }`,
    )
    .join('  ');
}

function formatStock(p: CatalogueAdminProduct): string {
  if (p.availability_type === 'UNLIMITED') return 'unlimited';
  return p.is_out_of_stock ? `${p.available_quantity} OUT OF STOCK` : `${p.available_quantity} in stock`;
}

export function formatProduct(p: CatalogueAdminProduct): string {
  return `${p.product_code}: ${formatPrices(p)}; ${formatStock(p)} (before GST; GST ${p.gst_rate}% HSN ${p.hsn_code})`;
}

export function formatCatalogueList(list: CatalogueAdminList): string {
  const codeWidth = Math.max(...list.products.map((p) => p.product_code.length), 12);
  const lines = ['Products (unit prices before GST):'];
  for (const p of list.products) {
    lines.push(
      `  ${p.product_code.padEnd(codeWidth)}  ${p.product_type.padEnd(7)}  ${formatStock(p).padEnd(18)}  ${formatPrices(p)}`,
    );
  }
  lines.push('Packages:');
  const packageWidth = Math.max(...list.packages.map((p) => p.package_code.length), 12);
  for (const p of list.packages) {
    lines.push(
      `  ${p.package_code.padEnd(packageWidth)}  ${p.package_type.padEnd(12)}  ${(p.is_out_of_stock ? 'OUT OF STOCK' : 'in stock').padEnd(12)}  ${p.available_in.join(' ')}`,
    );
  }
  return lines.join('\n');
}

const ADMIN_PATHS = {
  list: '/api/commerce/admin/catalogue/v1/',
  price: '/api/commerce/admin/catalogue/price/v1/',
  stock: '/api/commerce/admin/catalogue/stock/v1/',
} as const;

/** Through the running server: embedded PGlite may be open in one process only. */
export async function catalogueViaServer(
  server: { host: string; port: number; token: string },
  action: CatalogueAction,
): Promise<string> {
  const body = await operatorRequest(
    server,
    ADMIN_PATHS[action.kind],
    action.kind === 'list' ? undefined : action.input,
  );
  if (action.kind === 'list') return formatCatalogueList(catalogueAdminListResponseSchema.parse(body));
  return formatProduct(catalogueAdminProductResponseSchema.parse(body).product);
}

/** Straight to the database: no server runs on this DATA_DIR, or the database is PostgreSQL. */
export async function catalogueViaDatabase(
  db: Database,
  action: CatalogueAction,
  config: Pick<Config, 'features'>,
): Promise<string> {
  const service = createCatalogueService({
    db,
    now: () => new Date(),
    internationalPayments: config.features.internationalPayments,
  });
  try {
    if (action.kind === 'list') return formatCatalogueList(await service.adminList());
    if (action.kind === 'price') {
      return formatProduct(await service.setPrice(catalogueAdminPriceRequestSchema.parse(action.input)));
    }
    return formatProduct(await service.setStock(catalogueAdminStockRequestSchema.parse(action.input)));
  } catch (error) {
    if (error instanceof HttpError) throw new Error(error.message);
    throw error;
  }
}
