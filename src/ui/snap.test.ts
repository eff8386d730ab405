import { describe, expect, it } from 'vitest';
import { nearestSnap } from './snap';

// Heights of a sheet's body: collapsed, half and full.
const POINTS = [0, 380, 720];

describe('nearestSnap', () => {
  it('settles a slow release on the nearest point', () => {
    expect(nearestSnap(POINTS, 150, 0)).toBe(0);
    expect(nearestSnap(POINTS, 200, 0)).toBe(1);
    expect(nearestSnap(POINTS, 560, 0)).toBe(2);
    expect(nearestSnap(POINTS, 540, -100)).toBe(1);
  });

  it('carries the release velocity forward before choosing', () => {
    // 150 + 300 × 0.2 = 210: nearer to half (380 − 210 = 170) than to collapsed (210).
    expect(nearestSnap(POINTS, 150, 300)).toBe(1);
    // 600 − 400 × 0.2 = 520: nearer to half (140) than to full (200).
    expect(nearestSnap(POINTS, 600, -400)).toBe(1);
  });

  it('moves a short flick on in its direction, never back against it', () => {
    // 30 + 600 × 0.2 = 150 is nearest to collapsed, but a flick up never settles below where it was let go.
    expect(nearestSnap(POINTS, 30, 600)).toBe(1);
    // 700 − 600 × 0.2 = 580 is nearest to full, but a flick down picks from the points at or below 700.
    expect(nearestSnap(POINTS, 700, -600)).toBe(1);
    // A very fast flick goes as far as its projection reaches.
    expect(nearestSnap(POINTS, 100, 4000)).toBe(2);
  });

  it('stays at the end when a flick has nowhere further to go', () => {
    expect(nearestSnap(POINTS, 720, 900)).toBe(2);
    expect(nearestSnap(POINTS, 0, -900)).toBe(0);
  });

  it('works whatever order the points come in and refuses an empty list', () => {
    expect(nearestSnap([720, 0, 380], 400, 0)).toBe(2);
    expect(() => nearestSnap([], 0, 0)).toThrow(RangeError);
  });
});
