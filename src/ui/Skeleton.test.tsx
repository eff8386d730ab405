import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('reserves the exact size and is hidden from assistive tech', () => {
    const { container } = render(<Skeleton width={120} height={48} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el).toBeEmptyDOMElement();
    expect(el.style.width).toBe('120px');
    expect(el.style.height).toBe('48px');
    expect(el.style.borderRadius).toBe('');
  });

  it('draws a circle as tall as it is wide', () => {
    const { container } = render(<Skeleton variant="circle" width={40} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el.style.borderRadius).toBe('50%');
    expect(el.style.width).toBe('40px');
    expect(el.style.height).toBe('40px');
  });

  it('writes no style attribute without a size, so server-rendered markup passes the CSP', () => {
    const { container } = render(<Skeleton className="sized-by-css" />);
    expect(container.firstElementChild).not.toHaveAttribute('style');
  });

  it('draws text lines', () => {
    const { container } = render(<Skeleton variant="text" lines={3} width="80%" />);
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    const lines = [...wrapper.children] as HTMLElement[];
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.style.width).toBe('80%');
  });
});
