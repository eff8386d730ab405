/*
 * What a person typed into a request form, kept for this tab (sessionStorage) until it is sent: a reload, a trip
 * through the sign-in or an error never empties the form. Text only; nothing is kept once the form is sent.
 */

const PREFIX = 'ibc-form-draft:';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export type FormDraft = Record<string, string>;

/** The draft of a form, or null; anything that is not a record of text is dropped. */
export function readFormDraft(formId: string): FormDraft | null {
  try {
    const raw = storage()?.getItem(PREFIX + formId);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    const entries = Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string');
    return Object.fromEntries(entries);
  } catch {
    return null;
  }
}

export function writeFormDraft(formId: string, draft: FormDraft): void {
  try {
    storage()?.setItem(PREFIX + formId, JSON.stringify(draft));
  } catch {
    // A full or blocked storage only costs the draft.
  }
}

export function clearFormDraft(formId: string): void {
  try {
    storage()?.removeItem(PREFIX + formId);
  } catch {
    // As above.
  }
}
