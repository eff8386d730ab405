import { type RefObject, useEffect } from 'react';
import { scrollToClear, topInset, visibleSpan } from './keepInSight';

/**
 * While `active`, a field focused in the page before `coverRef`'s element (a sheet stuck to the screen's foot) is
 * scrolled up until it clears it and the on-screen keyboard, whichever reaches higher.
 */
export function useKeepFocusInSight(coverRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const cover = coverRef.current;
    if (!active || !cover) return;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      // After the browser's own scroll to the focused field, and after the keyboard has resized the viewport.
      frame = requestAnimationFrame(() => {
        const field = document.activeElement;
        if (!(field instanceof HTMLElement) || field === document.body || cover.contains(field)) return;
        // The sheet sticks over what comes before it; what follows it in the page scrolls in below it.
        if (!(cover.compareDocumentPosition(field) & Node.DOCUMENT_POSITION_PRECEDING)) return;
        const visible = visibleSpan(window);
        const coverTop = Math.min(cover.getBoundingClientRect().top, visible.bottom);
        const delta = scrollToClear(
          field.getBoundingClientRect(),
          coverTop,
          visible.top + topInset(document),
        );
        if (delta > 0) window.scrollBy({ top: delta, behavior: 'instant' });
      });
    };
    const viewport = window.visualViewport;
    document.addEventListener('focusin', check);
    viewport?.addEventListener('resize', check);
    check();
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', check);
      viewport?.removeEventListener('resize', check);
    };
  }, [coverRef, active]);
}
