/**
 * A package's name split at its first hyphen into a white and an orange part (spec §2 Order summary):
 * "IBC home kit - Solo" → { white: "IBC home kit", orange: "Solo" }; no hyphen (or nothing after it): orange null.
 */
export function splitPackageName(name: string): { white: string; orange: string | null } {
  const at = name.indexOf('-');
  if (at < 0) return { white: name, orange: null };
  const white = name.slice(0, at).trim();
  const orange = name.slice(at + 1).trim();
  return orange === '' ? { white, orange: null } : { white, orange };
}
