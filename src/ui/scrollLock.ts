/**
 * Page scroll lock shared by every overlay (Modal, and the checkout Sheet). It is reference
 * counted: nested overlays lock once, and the page's own styles come back only when the last
 * one closes, in whatever order they close.
 */
let locks = 0;
let saved: { htmlOverflow: string; bodyOverflow: string; bodyPaddingRight: string } | null = null;

export function lockScroll(): () => void {
  if (typeof document === 'undefined') return () => {};
  if (locks === 0) {
    const html = document.documentElement;
    const body = document.body;
    saved = {
      htmlOverflow: html.style.overflow,
      bodyOverflow: body.style.overflow,
      bodyPaddingRight: body.style.paddingRight,
    };
    // global.css reserves the scrollbar gutter; without it, pad the body so hiding the bar shifts nothing.
    const gutterStable = getComputedStyle(html).getPropertyValue('scrollbar-gutter').includes('stable');
    const scrollbar = window.innerWidth - html.clientWidth;
    if (!gutterStable && scrollbar > 0) {
      const current = Number.parseFloat(getComputedStyle(body).paddingRight) || 0;
      body.style.paddingRight = `${current + scrollbar}px`;
    }
    html.style.overflow = 'hidden';
    body.style.overflow = 'hidden';
  }
  locks += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    locks -= 1;
    if (locks === 0 && saved) {
      document.documentElement.style.overflow = saved.htmlOverflow;
      document.body.style.overflow = saved.bodyOverflow;
      document.body.style.paddingRight = saved.bodyPaddingRight;
      saved = null;
    }
  };
}

export function isScrollLocked(): boolean {
  return locks > 0;
}
