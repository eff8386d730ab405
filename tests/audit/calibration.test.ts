import { describe, expect, it } from 'vitest';
import {
  calculatorSlowdown,
  cpuSlowdownFor,
  DEFAULT_CPU_SLOWDOWN,
  REFERENCE_HOST_BENCHMARK_INDEX,
} from './calibration';

describe('CPU slowdown calibration', () => {
  it('is the default 4x on the reference host', () => {
    expect(cpuSlowdownFor(REFERENCE_HOST_BENCHMARK_INDEX)).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it('emulates the same phone on a busier and on a faster host', () => {
    // Lighthouse's calculator names the slowdown that makes a host of that index the same phone: ours is a fixed
    // fraction of it, the same on every host.
    const share = (index: number) => cpuSlowdownFor(index) / calculatorSlowdown(index);
    const reference = share(REFERENCE_HOST_BENCHMARK_INDEX);
    for (const index of [1600, 1800, 2200, 2800]) expect(share(index)).toBeCloseTo(reference, 2);
    expect(cpuSlowdownFor(1622)).toBe(2.15);
    expect(cpuSlowdownFor(2768)).toBe(4.56);
  });

  it('follows Lighthouse’s calculator, and never goes below no slowdown', () => {
    expect(calculatorSlowdown(1533)).toBeCloseTo(4, 1);
    expect(cpuSlowdownFor(100)).toBe(1);
  });
});
