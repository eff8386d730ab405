import { getFocusable, trapTab } from './focus';
import { lockScroll } from './scrollLock';

/** Open modals, innermost last: only the top one answers Escape and traps focus. */
const stack: symbol[] = [];

export function pushModal(): symbol {
  const entry = Symbol('modal');
  stack.push(entry);
  return entry;
}

export function removeModal(entry: symbol): void {
  const i = stack.indexOf(entry);
  if (i >= 0) stack.splice(i, 1);
}

export function isTopModal(entry: symbol): boolean {
  return stack[stack.length - 1] === entry;
}

export interface ModalActivation {
  /** Where focus goes when the dialog opens. */
  initialFocus: HTMLElement;
  /** Escape pressed while this is the top modal and nothing inside handled it. */
  onEscape: () => void;
  /** Gets focus back on release, if it is still in the page. */
  returnFocusTo?: HTMLElement | null;
}

/**
 * Makes dialog the top modal: locks page scroll, moves focus in, keeps Tab and stray focus inside and answers
 * Escape. The returned function undoes all of it and gives focus back. Modal and BottomSheet both use it.
 */
export function activateModal(
  dialog: HTMLElement,
  { initialFocus, onEscape, returnFocusTo }: ModalActivation,
) {
  const unlock = lockScroll();
  const entry = pushModal();
  initialFocus.focus({ preventScroll: true });

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isTopModal(entry)) return;
    if (event.key === 'Escape') {
      // A control inside (an open dropdown) that consumed Escape marks it handled.
      if (event.defaultPrevented) return;
      event.preventDefault();
      onEscape();
    } else if (event.key === 'Tab') {
      trapTab(event, dialog);
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    if (!isTopModal(entry)) return;
    const t = event.target;
    if (t instanceof Node && !dialog.contains(t)) (getFocusable(dialog)[0] ?? dialog).focus();
  };
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('focusin', onFocusIn);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('focusin', onFocusIn);
    removeModal(entry);
    unlock();
    if (returnFocusTo?.isConnected) returnFocusTo.focus({ preventScroll: true });
  };
}
