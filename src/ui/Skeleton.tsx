import type { CSSProperties } from 'react';
import './Skeleton.css';

export type SkeletonVariant = 'block' | 'text' | 'circle';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /**
   * Exact size of what will replace it (a number is px), so the swap causes no layout shift. Set as a style
   * attribute, which the page's CSP refuses in server-rendered markup: there, size it with a class instead.
   */
  width?: number | string;
  /** For block and circle; a text line is 1em high. A circle defaults to its width. */
  height?: number | string;
  /** Text only: number of lines; the last one is shorter. */
  lines?: number;
  className?: string;
}

const px = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * A placeholder that shimmers once a wait passes 2 s (never under prefers-reduced-motion). Hidden from assistive tech:
 * the region that is loading says so itself (aria-busy, or a status text).
 */
export function Skeleton({ variant = 'block', width, height, lines = 1, className }: SkeletonProps) {
  const classes = ['ui-skeleton', `ui-skeleton--${variant}`, className].filter(Boolean).join(' ');
  if (variant === 'text') {
    const line: CSSProperties = { width: px(width) ?? '100%' };
    return (
      <span className="ui-skeleton-lines" aria-hidden="true">
        {Array.from({ length: Math.max(1, lines) }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
          <span key={i} className={classes} style={line} />
        ))}
      </span>
    );
  }
  // The defaults (a full-width block 1em high, a 40 px circle) are the stylesheet's: no style attribute without a size.
  const shape: CSSProperties = variant === 'circle' ? { borderRadius: '50%' } : {};
  if (width !== undefined) shape.width = px(width);
  if (height !== undefined) shape.height = px(height);
  else if (variant === 'circle' && width !== undefined) shape.height = px(width);
  return (
    <span className={classes} style={Object.keys(shape).length > 0 ? shape : undefined} aria-hidden="true" />
  );
}
