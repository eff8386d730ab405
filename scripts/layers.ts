/**
 * `npm run lint`'s layering check: dependency-cruiser with the rules of .dependency-cruiser.cjs over the project.
 * Called through its API because its command line refuses Node 20, this machine's; the analysis itself runs on it.
 */
import { cruise, getAvailableTranspilers } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const ROOTS = ['src', 'server', 'contract', 'scripts', 'tests', '*.config.ts'];

// Without swc it would read TypeScript as loose JavaScript and miss imports instead of failing.
if (!getAvailableTranspilers().some((transpiler) => transpiler.name === 'swc' && transpiler.available)) {
  throw new Error('@swc/core is not installed: dependency-cruiser cannot parse TypeScript without it');
}

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const result = await cruise(ROOTS, { ...options, outputType: 'err-long' });
process.stdout.write(String(result.output));
process.exitCode = result.exitCode === 0 ? 0 : 1;
