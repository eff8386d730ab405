import { parseArgs } from 'node:util';
import {
  type MaintenanceAdminRequest,
  type MaintenanceAdminResponse,
  maintenanceAdminRequestSchema,
  maintenanceAdminResponseSchema,
} from '../contract/maintenance';
import { type Config, ConfigError, loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import {
  CATALOGUE_USAGE,
  type CatalogueAction,
  CatalogueUsageError,
  catalogueViaDatabase,
  catalogueViaServer,
  parseCatalogueCommand,
} from './modules/catalogue/cli';
import {
  COUPONS_USAGE,
  type CouponsAction,
  CouponsUsageError,
  couponsViaDatabase,
  couponsViaServer,
  parseCouponsCommand,
} from './modules/checkout/cli';
import {
  INVITES_USAGE,
  type InvitesAction,
  InvitesUsageError,
  invitesViaDatabase,
  invitesViaServer,
  parseInvitesCommand,
} from './modules/invites/cli';
import { createMaintenanceService } from './modules/maintenance/service';
import {
  MARKETING_USAGE,
  type MarketingPushesQuery,
  MarketingUsageError,
  marketingViaDatabase,
  marketingViaServer,
  parseMarketingCommand,
} from './modules/marketing/cli';
import {
  ORDERS_USAGE,
  type OrdersAction,
  OrdersUsageError,
  ordersViaDatabase,
  ordersViaServer,
  parseOrdersCommand,
} from './modules/orders/cli';
import { findRunningServer, operatorRequest } from './runtime';

// The operator's tool: `npm run shop -- maintenance on --minutes 30 --message "Back soon"`,
// `npm run shop -- catalogue price IBC_VR_HEADSET --currency INR --amount 54999`.
const USAGE = `Usage:
  npm run shop -- maintenance on [--minutes N] [--message TEXT]
  npm run shop -- maintenance off
  npm run shop -- maintenance status
${CATALOGUE_USAGE}
${ORDERS_USAGE}
${INVITES_USAGE}
${COUPONS_USAGE}
${MARKETING_USAGE}`;

class UsageError extends Error {}

type Action = { kind: 'status' } | { kind: 'set'; input: MaintenanceAdminRequest };

function parseCommand(argv: string[]): Action {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      minutes: { type: 'string', short: 'm' },
      message: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [topic, verb, ...rest] = positionals;
  if (values.help || topic !== 'maintenance' || rest.length > 0) throw new UsageError(USAGE);
  if (verb === 'status') return { kind: 'status' };
  if (verb === 'off') return { kind: 'set', input: { enabled: false } };
  if (verb !== 'on') throw new UsageError(USAGE);
  const minutes = values.minutes === undefined ? undefined : Number(values.minutes);
  const parsed = maintenanceAdminRequestSchema.safeParse({ enabled: true, minutes, message: values.message });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(
      `--${String(issue?.path[0] ?? 'minutes')}: ${issue?.message ?? 'invalid'}\n${USAGE}`,
    );
  }
  return { kind: 'set', input: parsed.data };
}

export function describeStatus(result: MaintenanceAdminResponse): string {
  if (!result.enabled) return 'Maintenance OFF: the shop is working';
  const until = result.ends_at
    ? `until ${result.ends_at} (${formatSeconds(result.time_in_seconds)} left)`
    : 'until switched off';
  return `Maintenance ON ${until}: "${result.response}"`;
}

function formatSeconds(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return [h ? `${h}h` : '', m ? `${m}m` : '', s || (!h && !m) ? `${s}s` : ''].filter(Boolean).join(' ');
}

/** Through the running server: embedded PGlite may be open in one process only. */
async function viaServer(
  server: { host: string; port: number; token: string },
  action: Action,
): Promise<MaintenanceAdminResponse> {
  const body = await operatorRequest(
    server,
    '/api/maintenance/admin/v1/',
    action.kind === 'status' ? undefined : action.input,
  );
  return maintenanceAdminResponseSchema.parse(body);
}

/** Straight to the database: no server runs on this DATA_DIR, or the database is PostgreSQL. */
async function viaDatabase(config: Config, action: Action): Promise<MaintenanceAdminResponse> {
  const database = await openDatabase(config);
  try {
    const service = createMaintenanceService({ db: database.db, now: () => new Date(), cacheMs: 0 });
    return action.kind === 'status' ? await service.describe() : await service.set(action.input);
  } finally {
    await database.close();
  }
}

function whereFrom(config: Config, server: { port: number } | undefined): string {
  if (server) return `via the server on port ${server.port}`;
  return config.DATABASE_URL ? 'in PostgreSQL' : `in ${config.DATA_DIR}`;
}

/**
 * An operator command that writes through the running server (the one process holding an embedded PGlite), or
 * straight to the database when none runs or it is PostgreSQL. Usage and configuration errors exit 2, failures 1.
 */
async function operatorCommand<Input>(
  argv: string[],
  command: {
    name: (input: Input) => string;
    parse(argv: string[]): Input;
    isUsageError(error: unknown): boolean;
    viaServer(server: NonNullable<ReturnType<typeof findRunningServer>>, input: Input): Promise<string>;
    viaDatabase(db: Database, input: Input, config: Config): Promise<string>;
  },
): Promise<number> {
  let input: Input;
  let config: Config;
  try {
    input = command.parse(argv);
    config = loadConfig(process.env);
  } catch (error) {
    if (command.isUsageError(error) || error instanceof ConfigError) {
      console.error((error as Error).message);
      return 2;
    }
    throw error;
  }
  const server = config.DATABASE_URL ? undefined : findRunningServer(config.DATA_DIR);
  try {
    let output: string;
    if (server) {
      output = await command.viaServer(server, input);
    } else {
      const database = await openDatabase(config);
      try {
        output = await command.viaDatabase(database.db, input, config);
      } finally {
        await database.close();
      }
    }
    console.log(`${output}\n(${whereFrom(config, server)})`);
    return 0;
  } catch (error) {
    console.error(`${command.name(input)} failed: ${(error as Error).message}`);
    return 1;
  }
}

/** `catalogue list | price | stock`. */
const catalogueMain = (argv: string[]) =>
  operatorCommand<CatalogueAction>(argv, {
    name: (action) => `catalogue ${action.kind}`,
    parse: parseCatalogueCommand,
    isUsageError: (error) => error instanceof CatalogueUsageError,
    viaServer: catalogueViaServer,
    viaDatabase: catalogueViaDatabase,
  });

/** `orders add-game-keys | refunds`. */
const ordersMain = (argv: string[]) =>
  operatorCommand<OrdersAction>(argv, {
    name: (action) => `orders ${action.kind}`,
    parse: parseOrdersCommand,
    isUsageError: (error) => error instanceof OrdersUsageError,
    viaServer: ordersViaServer,
    viaDatabase: ordersViaDatabase,
  });

/** `invites issue | list | revoke`. */
const invitesMain = (argv: string[]) =>
  operatorCommand<InvitesAction>(argv, {
    name: (action) => `invites ${action.kind}`,
    parse: parseInvitesCommand,
    isUsageError: (error) => error instanceof InvitesUsageError,
    viaServer: invitesViaServer,
    viaDatabase: invitesViaDatabase,
  });

/** `coupons list | issue | revoke`. */
const couponsMain = (argv: string[]) =>
  operatorCommand<CouponsAction>(argv, {
    name: (action) => `coupons ${action.kind}`,
    parse: parseCouponsCommand,
    isUsageError: (error) => error instanceof CouponsUsageError,
    viaServer: couponsViaServer,
    viaDatabase: couponsViaDatabase,
  });

/** `marketing pushes`. */
const marketingMain = (argv: string[]) =>
  operatorCommand<MarketingPushesQuery>(argv, {
    name: () => 'marketing pushes',
    parse: parseMarketingCommand,
    isUsageError: (error) => error instanceof MarketingUsageError,
    viaServer: marketingViaServer,
    viaDatabase: marketingViaDatabase,
  });

async function main(argv: string[]): Promise<number> {
  const [topic, ...rest] = argv;
  if (topic === 'marketing') return marketingMain(rest);
  if (topic === 'catalogue') return catalogueMain(rest);
  if (topic === 'orders') return ordersMain(rest);
  if (topic === 'invites') return invitesMain(rest);
  if (topic === 'coupons') return couponsMain(rest);
  let action: Action;
  let config: Config;
  try {
    action = parseCommand(argv);
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof TypeError) {
      // parseArgs: an unknown option.
      console.error(`${error.message}\n${USAGE}`);
      return 2;
    }
    throw error;
  }

  const server = config.DATABASE_URL ? undefined : findRunningServer(config.DATA_DIR);
  try {
    const result = server ? await viaServer(server, action) : await viaDatabase(config, action);
    console.log(`${describeStatus(result)} (${whereFrom(config, server)})`);
    return 0;
  } catch (error) {
    console.error(
      `maintenance ${action.kind === 'status' ? 'status' : 'change'} failed: ${(error as Error).message}`,
    );
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
