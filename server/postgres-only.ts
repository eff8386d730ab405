/**
 * Names of the describe blocks that run on PostgreSQL only (`describeOnPostgres` in testing.ts), by which the test
 * run's PostgreSQL step (scripts/postgres-cluster.ts) checks that they ran.
 */
export const POSTGRES_ONLY_PREFIX = 'on PostgreSQL:';
