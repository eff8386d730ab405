// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BottomSheet } from './BottomSheet';

describe('BottomSheet on the server', () => {
  it('renders the summary and the total bar without a window, collapsed and not a dialog', () => {
    expect(typeof window).toBe('undefined');
    const html = renderToString(
      <BottomSheet label="Order summary" peek={<button type="button">Pay now</button>}>
        <p>GST ₹180</p>
      </BottomSheet>,
    );
    expect(html).toContain('aria-label="Order summary"');
    expect(html).toContain('GST ₹180');
    expect(html).toContain('Pay now');
    expect(html).toContain('aria-expanded="false"');
    expect(html).not.toContain('aria-modal');
  });
});
