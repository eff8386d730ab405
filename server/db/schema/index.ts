/** The database schema, one file per module; drizzle-kit and the client read it from here. */
export * from './ads';
export * from './associates';
export * from './auth';
export * from './catalogue';
export * from './checkout';
export * from './forms';
export * from './invites';
export * from './maintenance';
export * from './marketing';
export * from './orders';
export * from './places';
export * from './user';
