import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Skeleton } from './Skeleton';

describe('Skeleton', () => {
  it('reserves the exact size and is hidden from assistive tech', () => {
    const { container } = render(<Skeleton width={120} height={48} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el).toHaveAttribute('aria-hidden', 'true');
    expect(el).toHaveClass('ui-skeleton', 'ui-skeleton--block');
    expect(el.style.width).toBe('120px');
    expect(el.style.height).toBe('48px');
  });

  it('draws a circle as tall as it is wide', () => {
    const { container } = render(<Skeleton variant="circle" width={40} />);
    const el = container.firstElementChild as HTMLElement;
    expect(el).toHaveClass('ui-skeleton--circle');
    expect(el.style.height).toBe('40px');
  });

  it('draws text lines', () => {
    const { container } = render(<Skeleton variant="text" lines={3} width="80%" />);
    const wrapper = container.firstElementChild as HTMLElement;
    expect(wrapper).toHaveAttribute('aria-hidden', 'true');
    expect(wrapper.querySelectorAll('.ui-skeleton--text')).toHaveLength(3);
  });
});
