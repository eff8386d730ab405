import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MotionGlobalConfig } from 'framer-motion';
import { useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BottomSheet, type SheetSnap } from './BottomSheet';
import { mockViewport } from './matchMedia.mock';
import { renderAt } from './renderAt.test-helpers';
import { isScrollLocked } from './scrollLock';

beforeAll(() => {
  MotionGlobalConfig.skipAnimations = true;
});
afterAll(() => {
  MotionGlobalConfig.skipAnimations = false;
});

let viewport: ReturnType<typeof mockViewport>;
beforeEach(() => {
  viewport = mockViewport(390);
});
afterEach(async () => {
  // An open sheet steps back over its history entry when unmounted; let that land before the next test.
  cleanup();
  await waitFor(() => expect(window.history.state?.overlayEntry).toBeUndefined());
  viewport.restore();
});

function Checkout({ onSnapChange }: { onSnapChange?: (snap: SheetSnap) => void }) {
  return (
    <>
      <label>
        Pincode <input />
      </label>
      <BottomSheet
        label="Order summary"
        onSnapChange={onSnapChange}
        peek={
          <>
            <p>Total ₹1,180</p>
            <button type="button">Pay now</button>
          </>
        }
      >
        <p>GST ₹180</p>
        <label>
          Coupon code <input />
        </label>
        <button type="button">Apply</button>
      </BottomSheet>
    </>
  );
}

/** Notes, when it reaches the page, whether the sheet's body is painted beside it yet. */
function PaintedPeek({ bodyAtFirstPaint }: { bodyAtFirstPaint: boolean[] }) {
  useLayoutEffect(() => {
    bodyAtFirstPaint.push(document.body.textContent?.includes('The body') ?? false);
  }, [bodyAtFirstPaint]);
  return <span>The peek</span>;
}

const handle = () => screen.getByRole('button', { name: 'Order summary' });

/** Opens the sheet the way a tap does on iOS: the handle is pressed but never gets focus. */
function tapHandle() {
  fireEvent.click(handle());
}

describe('BottomSheet on a phone', () => {
  it('is a collapsed bar in the page at first: the total and pay action are there, nothing is trapped or locked', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeInTheDocument();
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Total ₹1,180')).toBeInTheDocument();
    expect(isScrollLocked()).toBe(false);

    // Tab walks out of the bar into the rest of the page.
    screen.getByRole('button', { name: 'Pay now' }).focus();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('opens as a modal dialog that takes focus, locks the page and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    screen.getByRole('textbox', { name: 'Pincode' }).focus();
    tapHandle();

    const dialog = screen.getByRole('dialog', { name: 'Order summary' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(handle()).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(handle()).toHaveFocus();
    expect(isScrollLocked()).toBe(true);

    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();
    await user.tab();
    expect(handle()).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Pay now' })).toHaveFocus();

    // Focus sent outside (a click on the page behind) comes back in.
    act(() => screen.getByRole('textbox', { name: 'Pincode' }).focus());
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('collapses on Escape, unlocks the page and gives focus back to where it was', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    const pincode = screen.getByRole('textbox', { name: 'Pincode' });
    pincode.focus();
    tapHandle();
    expect(isScrollLocked()).toBe(true);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
    expect(pincode).toHaveFocus();
    expect(isScrollLocked()).toBe(false);
    // Its history entry is stepped back over, so the back button does not have to be pressed twice.
    await waitFor(() => expect(window.history.state?.overlayEntry).toBeUndefined());
  });

  it('gives focus to its handle when closed after a tap that focused nothing', async () => {
    const user = userEvent.setup();
    render(<Checkout />);
    expect(document.body).toHaveFocus();
    tapHandle();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(handle()).toHaveFocus();
  });

  it('is toggled from the keyboard by its handle, which announces the state and steps through the snaps', async () => {
    const user = userEvent.setup();
    const onSnapChange = vi.fn();
    render(<Checkout onSnapChange={onSnapChange} />);
    handle().focus();

    await user.keyboard('{Enter}');
    expect(handle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{ArrowDown}');
    await user.keyboard(' ');
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(handle()).toHaveFocus();
    expect(onSnapChange.mock.calls.map(([snap]) => snap)).toEqual(['full', 'half', 'full', 'half', 'peek']);

    // Left at half height, it opens whole again, and stays open even when closed and reopened at once.
    await user.keyboard('{ArrowUp}{Escape}{Enter}');
    expect(onSnapChange).toHaveBeenLastCalledWith('full');
    await waitFor(() => expect(window.history.state?.overlayEntry).toEqual(expect.any(String)));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('collapses when the browser goes back, and the page stays where it is', async () => {
    render(<Checkout />);
    const before = window.location.href;
    tapHandle();
    await waitFor(() => expect(window.history.state?.overlayEntry).toEqual(expect.any(String)));
    expect(window.location.href).toBe(before);

    act(() => window.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
    expect(isScrollLocked()).toBe(false);
    expect(window.location.href).toBe(before);
  });

  it("uses the router's history inside the app: back collapses it, closing removes its entry", async () => {
    const { router } = renderAt(<Checkout />, '/checkout');
    await screen.findByRole('button', { name: 'Order summary' });

    tapHandle();
    await waitFor(() => expect(router.state.location.state.overlayEntry).toEqual(expect.any(String)));
    expect(router.state.location.pathname).toBe('/checkout');
    act(() => router.history.back());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.history.location.pathname).toBe('/checkout');

    tapHandle();
    await waitFor(() => expect(router.history.location.state.overlayEntry).toEqual(expect.any(String)));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.history.location.state.overlayEntry).toBeUndefined());
    expect(router.history.location.pathname).toBe('/checkout');
  });

  it('collapses when a tap lands on the page behind it', async () => {
    render(<Checkout />);
    tapHandle();
    // What covers the page behind the raised sheet: hidden from assistive tech, so found beside the dialog.
    const behind = screen.getByRole('dialog').previousElementSibling;
    expect(behind).toHaveAttribute('aria-hidden', 'true');
    fireEvent.click(behind as Element);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('paints the collapsed sheet before its body, and has the body in place as soon as the sheet rises', async () => {
    const bodyAtFirstPaint: boolean[] = [];
    render(
      <BottomSheet label="Order summary" peek={<PaintedPeek bodyAtFirstPaint={bodyAtFirstPaint} />}>
        <span>The body</span>
      </BottomSheet>,
    );
    // In one commit the body, which comes first, would be laid out first: the peek paints alone, the body after it.
    await screen.findByText('The body');
    expect(bodyAtFirstPaint).toEqual([false]);
    tapHandle();
    expect(screen.getByRole('dialog')).toContainElement(screen.getByText('The body'));
  });

  it('stops being a dialog when the window widens past 768 px', () => {
    render(<Checkout />);
    tapHandle();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => viewport.resize(1024));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(isScrollLocked()).toBe(false);
  });
});

describe('BottomSheet keeping the focused field in sight on a phone', () => {
  let scrollBy: ReturnType<typeof vi.fn>;
  let keyboard: EventTarget & { offsetTop: number; height: number };

  /** Places an element's box on the screen, as layout would. */
  function placeAt(element: Element, top: number, height: number) {
    vi.spyOn(element, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: top, width: 390, height }),
    );
  }

  beforeEach(() => {
    scrollBy = vi.fn();
    vi.stubGlobal('scrollBy', scrollBy);
    keyboard = Object.assign(new EventTarget(), { offsetTop: 0, height: 844 });
    // Both go with the viewport's stubs after each test.
    vi.stubGlobal('visualViewport', keyboard);
  });

  it('scrolls a field focused under the collapsed sheet up above it', async () => {
    render(<Checkout />);
    placeAt(screen.getByRole('region', { name: 'Order summary' }), 700, 144);
    const pincode = screen.getByRole('textbox', { name: 'Pincode' });
    placeAt(pincode, 680, 50);
    act(() => pincode.focus());
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: 42, behavior: 'instant' }));
  });

  it('scrolls the focused field above the keyboard when it opens over the sheet', async () => {
    render(<Checkout />);
    placeAt(screen.getByRole('region', { name: 'Order summary' }), 700, 144);
    const pincode = screen.getByRole('textbox', { name: 'Pincode' });
    placeAt(pincode, 500, 50);
    act(() => pincode.focus());
    // Clear of the sheet: nothing moves until the keyboard takes the screen's lower half.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollBy).not.toHaveBeenCalled();
    keyboard.height = 400;
    act(() => {
      keyboard.dispatchEvent(new Event('resize'));
    });
    await waitFor(() => expect(scrollBy).toHaveBeenCalledWith({ top: 162, behavior: 'instant' }));
  });

  it('leaves the page alone while the sheet is open', async () => {
    render(<Checkout />);
    tapHandle();
    const dialog = screen.getByRole('dialog', { name: 'Order summary' });
    placeAt(dialog, 48, 796);
    const coupon = screen.getByRole('textbox', { name: 'Coupon code' });
    placeAt(coupon, 700, 50);
    act(() => coupon.focus());
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(scrollBy).not.toHaveBeenCalled();
  });
});

describe('BottomSheet from 769 px', () => {
  it('renders the summary inline beside the form, with no dialog, trap or lock', async () => {
    viewport.resize(1024);
    const user = userEvent.setup();
    render(<Checkout />);
    const region = screen.getByRole('region', { name: 'Order summary' });
    expect(region).not.toHaveAttribute('aria-modal');
    // Inline the body is in sight: it comes with the sheet's first render.
    expect(region).toContainElement(screen.getByText('GST ₹180'));
    expect(region).toContainElement(screen.getByRole('button', { name: 'Pay now' }));

    screen.getByRole('textbox', { name: 'Coupon code' }).focus();
    await user.keyboard('{Escape}');
    expect(isScrollLocked()).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(window.history.state?.overlayEntry).toBeUndefined();
  });
});

describe('BottomSheet rendered on the server', () => {
  it('is adopted on a phone without a hydration mismatch', async () => {
    const html = renderToString(<Checkout />);
    expect(html).toContain('Total ₹1,180');
    expect(html).not.toContain('role="dialog"');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, <Checkout />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // Hydrated, it works as a sheet.
    fireEvent.click(screen.getByRole('button', { name: 'Order summary' }));
    expect(screen.getByRole('dialog', { name: 'Order summary' })).toBeInTheDocument();
    act(() => root.unmount());
    container.remove();
  });
});
