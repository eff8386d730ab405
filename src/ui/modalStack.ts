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
