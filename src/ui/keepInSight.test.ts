import { describe, expect, it } from 'vitest';
import { SIGHT_MARGIN, scrollToClear, visibleSpan } from './keepInSight';

describe('scrollToClear', () => {
  it('leaves a field that ends above the cover and its margin where it is', () => {
    expect(scrollToClear({ top: 400, bottom: 450 }, 600, 60)).toBe(0);
    expect(scrollToClear({ top: 538, bottom: 588 }, 600, 60)).toBe(0);
  });

  it('scrolls a field under the cover up until it ends a margin above it', () => {
    expect(scrollToClear({ top: 620, bottom: 670 }, 600, 60)).toBe(70 + SIGHT_MARGIN);
    expect(scrollToClear({ top: 580, bottom: 630 }, 600, 60, 0)).toBe(30);
  });

  it('never scrolls the top of a field taller than the room out of sight', () => {
    expect(scrollToClear({ top: 100, bottom: 900 }, 600, 60)).toBe(40);
    expect(scrollToClear({ top: 50, bottom: 700 }, 600, 60)).toBe(0);
  });
});

describe('visibleSpan', () => {
  it('is the visual viewport when the browser has one: the keyboard shrinks it', () => {
    const win = { innerHeight: 844, visualViewport: { offsetTop: 20, height: 400 } } as unknown as Window;
    expect(visibleSpan(win)).toEqual({ top: 20, bottom: 420 });
  });

  it('is the window without one', () => {
    expect(visibleSpan({ innerHeight: 844, visualViewport: null } as unknown as Window)).toEqual({
      top: 0,
      bottom: 844,
    });
  });
});
