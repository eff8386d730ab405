/*
 * The CPU slowdown a Lighthouse run is scored with. The budgets hold at Lighthouse's mobile default, 4x, on this
 * machine class when it is idle: BenchmarkIndex about 2,500 (the audits of idle runs measured 2,200–2,800).
 * Lighthouse's CPU throttling calculator (docs/throttling.md, "Calibrating the CPU slowdown") names, for a host's
 * index, the slowdown that makes it the same phone; a run is scored at the same fraction of it as 4x is of the
 * reference's. So a busier host (a lower index) gets a smaller slowdown and a faster one a larger, and every run
 * emulates the same phone, not a slower one when a neighbour is busy.
 */
export const REFERENCE_HOST_BENCHMARK_INDEX = 2500;
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Lighthouse's CPU throttling calculator (lighthouse-cpu-throttling-calculator), piecewise linear. */
export function calculatorSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

/** The CPU slowdown for a run on a host of this BenchmarkIndex: 4x at the reference, the calculator's ratio elsewhere. */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  const scaled =
    (DEFAULT_CPU_SLOWDOWN * calculatorSlowdown(benchmarkIndex)) /
    calculatorSlowdown(REFERENCE_HOST_BENCHMARK_INDEX);
  return Math.round(Math.max(1, scaled) * 100) / 100;
}
