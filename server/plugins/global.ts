import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * Marks a plugin as not encapsulated, so its hooks and handlers apply to the whole app —
 * the one thing fastify-plugin does that we need (Fastify docs, "Plugins": skip-override).
 */
export function globalPlugin<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.defineProperty(plugin, Symbol.for('skip-override'), { value: true });
  return plugin;
}
