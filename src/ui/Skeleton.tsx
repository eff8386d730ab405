import type { CSSProperties } from 'react';
import './Skeleton.css';

export type SkeletonVariant = 'block' | 'text' | 'circle';

export interface SkeletonProps {
  variant?: SkeletonVariant;
  /** Exact size of what will replace it (a number is px), so the swap causes no layout shift. */
  width?: number | string;
  /** For block and circle; a text line is 1em high. A circle defaults to its width. */
  height?: number | string;
  /** Text only: number of lines; the last one is shorter. */
  lines?: number;
  className?: string;
}

const px = (v: number | string | undefined) => (typeof v === 'number' ? `${v}px` : v);

/**
 * A placeholder with a shimmer (none under prefers-reduced-motion). Hidden from assistive tech:
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
  const w = px(width) ?? (variant === 'circle' ? '40px' : '100%');
  const h = px(height) ?? (variant === 'circle' ? w : '1em');
  const shape: CSSProperties = variant === 'circle' ? { borderRadius: '50%' } : {};
  return <span className={classes} style={{ width: w, height: h, ...shape }} aria-hidden="true" />;
}
