/** The controls a tap acts on once the app runs: buttons, and the radios and checkboxes of a choice. */
const HELD_CONTROLS = 'button, input[type="radio"], input[type="checkbox"]';

/** What tells a control from the others: a button's label, an input's name and value. */
function keyOf(control: Element): string {
  if (control instanceof HTMLInputElement) return `${control.name}=${control.value}`;
  return control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '';
}

/**
 * A server-rendered control does nothing until the app runs (a radio would even change on screen only for the app
 * to undo it). Holds the last tap on one and, once the live page is on screen, taps the live control with the same
 * key in the same position, so a quick buyer's tap is not lost. Links need no help: they navigate as plain links.
 * Returns the function that replays the tap.
 */
export function holdEarlyTaps(root: HTMLElement): () => void {
  let held: { key: string; index: number } | null = null;
  const controlsWith = (key: string) =>
    [...root.querySelectorAll(HELD_CONTROLS)].filter((c) => keyOf(c) === key);
  const onClick = (event: MouseEvent) => {
    const control = event.target instanceof Element ? event.target.closest(HELD_CONTROLS) : null;
    if (!control || !root.contains(control)) return;
    event.preventDefault();
    event.stopPropagation();
    const key = keyOf(control);
    held = { key, index: controlsWith(key).indexOf(control) };
  };
  document.addEventListener('click', onClick, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    const tap = held;
    if (tap) setTimeout(() => (controlsWith(tap.key)[tap.index] as HTMLElement | undefined)?.click(), 0);
  };
}
