import { writeFileSync } from 'node:fs';
import { mergeConfig, type UserConfig } from 'vite';
import base from './vite.config';

export default async (env: { command: 'build' | 'serve'; mode: string }) => {
  const resolved = (
    typeof base === 'function' ? await (base as (e: unknown) => UserConfig)(env) : base
  ) as UserConfig;
  return mergeConfig(resolved, {
    plugins: [
      {
        name: 'chunk-modules',
        generateBundle(
          _o: unknown,
          bundle: Record<string, { type: string; modules?: Record<string, { renderedLength: number }> }>,
        ) {
          const out: Record<string, Record<string, number>> = {};
          for (const [file, chunk] of Object.entries(bundle)) {
            if (chunk.type !== 'chunk' || !chunk.modules) continue;
            out[file] = Object.fromEntries(
              Object.entries(chunk.modules).map(([id, m]) => [
                id.replace(/^.*\/(src|contract|node_modules)\//, '$1/'),
                m.renderedLength,
              ]),
            );
          }
          writeFileSync('/tmp/chunk-modules.json', JSON.stringify(out));
        },
      },
    ],
  });
};
