let regionNames: Intl.DisplayNames | null | undefined;

/** "IN" → "India" (English, Intl.DisplayNames), the code itself where the runtime cannot name it. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
