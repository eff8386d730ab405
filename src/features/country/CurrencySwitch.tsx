export function CurrencySwitch() {
  return null;
}
