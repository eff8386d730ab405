/*
 * What every marketing push carries besides its own properties (spec §1, §7): the campaign the visitor landed from,
 * kept for the tab's session, and a stable anonymous id for the device. Storage that is blocked (a private window,
 * a locked-down browser) only loses these, never the page.
 */

export const UTM_FIELDS = ['utm_campaign', 'utm_medium', 'utm_source'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Campaign = Partial<Record<UtmField, string>>;

const CAMPAIGN_KEY = 'ibc-utm';
const ANONYMOUS_ID_KEY = 'ibc-anonymous-id';
/** The anonymous id whose users/anonymous/push was already sent. */
const ANONYMOUS_PUSHED_KEY = 'ibc-anonymous-pushed';
/** The bound of a stored value: the marketing contract takes 500 characters. */
const MAX_UTM_LENGTH = 200;

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function localStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps the landing address's UTM campaign, medium and source for the session; an address without any leaves the
 * kept ones alone, and a new campaign replaces them all (the last click wins).
 */
export function captureCampaign(search: string, storage: Storage | null = sessionStore()): Campaign | null {
  const params = new URLSearchParams(search);
  const campaign: Campaign = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field)?.trim();
    if (value) campaign[field] = value.slice(0, MAX_UTM_LENGTH);
  }
  if (Object.keys(campaign).length === 0) return null;
  try {
    storage?.setItem(CAMPAIGN_KEY, JSON.stringify(campaign));
  } catch {
    // A full or blocked storage: the session goes without its campaign.
  }
  return campaign;
}

/** The session's campaign, or {} when the visitor did not land from one. */
export function sessionCampaign(storage: Storage | null = sessionStore()): Campaign {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CAMPAIGN_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object') return {};
    const campaign: Campaign = {};
    for (const field of UTM_FIELDS) {
      const value = (parsed as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) campaign[field] = value.slice(0, MAX_UTM_LENGTH);
    }
    return campaign;
  } catch {
    return {};
  }
}

/** The device's anonymous id, made on first use and kept; null when nothing can be kept. */
export function anonymousId(storage: Storage | null = localStore()): string | null {
  try {
    if (!storage) return null;
    const kept = storage.getItem(ANONYMOUS_ID_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    storage.setItem(ANONYMOUS_ID_KEY, made);
    return made;
  } catch {
    return null;
  }
}

/** Claims the one users/anonymous/push of this anonymous id: true the first time only. */
export function claimAnonymousPush(id: string, storage: Storage | null = localStore()): boolean {
  try {
    if (!storage || storage.getItem(ANONYMOUS_PUSHED_KEY) === id) return false;
    storage.setItem(ANONYMOUS_PUSHED_KEY, id);
    return true;
  } catch {
    return false;
  }
}
