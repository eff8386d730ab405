/* Keeping a focused field in sight above what covers the foot of the screen (a sticky sheet, the keyboard). */

export interface VerticalSpan {
  top: number;
  bottom: number;
}

/** Space kept between the field and what covers the screen below it. */
export const SIGHT_MARGIN = 12;

/**
 * How far to scroll the page down (px, 0 for none) so a field ends `margin` above `coverTop`, the highest of what
 * covers the screen's foot; never so far that its top leaves `visibleTop`.
 */
export function scrollToClear(
  field: VerticalSpan,
  coverTop: number,
  visibleTop: number,
  margin = SIGHT_MARGIN,
): number {
  const under = field.bottom + margin - coverTop;
  if (under <= 0) return 0;
  return Math.max(0, Math.min(under, field.top - visibleTop));
}

/** The visible part of the layout viewport, in client coordinates: the on-screen keyboard shrinks it. */
export function visibleSpan(win: Window): VerticalSpan {
  const viewport = win.visualViewport;
  if (!viewport) return { top: 0, bottom: win.innerHeight };
  return { top: viewport.offsetTop, bottom: viewport.offsetTop + viewport.height };
}

/** The page's own top inset (a sticky header declares it as the root's scroll-padding-top), 0 when none. */
export function topInset(doc: Document): number {
  const inset = Number.parseFloat(getComputedStyle(doc.documentElement).scrollPaddingTop);
  return Number.isFinite(inset) ? inset : 0;
}
