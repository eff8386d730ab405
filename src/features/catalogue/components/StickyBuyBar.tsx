import { type ReactNode, type RefObject, useEffect, useId, useSyncExternalStore } from 'react';
import { Button } from '@/ui/Button';
import './StickyBuyBar.css';

/*
 * Which card's bar is shown. A card is a candidate while it is on screen and its own buy action is not; when two are
 * (the end of one package and the start of the next), the first in page order wins, so one bar shows at a time.
 */
const candidates = new Map<string, HTMLElement>();
const listeners = new Set<() => void>();

function setCandidate(id: string, card: HTMLElement, on: boolean): void {
  if (on === candidates.has(id)) return;
  if (on) candidates.set(id, card);
  else candidates.delete(id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function shownId(): string | null {
  let first: [string, HTMLElement] | null = null;
  for (const entry of candidates) {
    // DOCUMENT_POSITION_PRECEDING: the candidate comes before the first one found so far.
    if (!first || first[1].compareDocumentPosition(entry[1]) & Node.DOCUMENT_POSITION_PRECEDING)
      first = entry;
  }
  return first?.[0] ?? null;
}

/** The sticky header (60 px) and the phone's bottom navigation (64 px) hide what is under them. */
const ACTION_ROOT_MARGIN = '-60px 0px -64px 0px';
/** A card counts as on screen while it reaches into the lower three quarters of the viewport. */
const CARD_ROOT_MARGIN = '-25% 0px 0px 0px';

/**
 * Whether the bar of this card shows: after mount only (the server and the first client render agree on hidden),
 * from two IntersectionObservers, one on the card and one on the card's own buy action.
 */
function useBarShown(card: RefObject<HTMLElement | null>, action: RefObject<HTMLElement | null>): boolean {
  const id = useId();
  useEffect(() => {
    const cardElement = card.current;
    const actionElement = action.current;
    if (!cardElement || !actionElement || typeof IntersectionObserver === 'undefined') return;
    let cardOnScreen = false;
    let actionOnScreen = true;
    const update = () => setCandidate(id, cardElement, cardOnScreen && !actionOnScreen);
    const cardObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) cardOnScreen = entry.isIntersecting;
        update();
      },
      { rootMargin: CARD_ROOT_MARGIN },
    );
    const actionObserver = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) actionOnScreen = entry.isIntersecting;
        update();
      },
      { rootMargin: ACTION_ROOT_MARGIN },
    );
    cardObserver.observe(cardElement);
    actionObserver.observe(actionElement);
    return () => {
      cardObserver.disconnect();
      actionObserver.disconnect();
      setCandidate(id, cardElement, false);
    };
  }, [id, card, action]);
  const shown = useSyncExternalStore(subscribe, shownId, () => null);
  return shown === id;
}

export interface StickyBuyBarProps {
  /** The package card the bar belongs to. */
  card: RefObject<HTMLElement | null>;
  /** The card's own buy action: while it is on screen the bar stays away. */
  action: RefObject<HTMLElement | null>;
  /** The package's name, as its card's heading reads. */
  name: string;
  /** The price with GST (or what a customizable package's choice costs). */
  price: ReactNode;
  /** Why the buy action is disabled, when the buyer can do something about it. */
  hint?: string | undefined;
  disabled: boolean;
  loading: boolean;
  onBuy: () => void;
}

/**
 * The package's buy action at the bottom of a phone's screen while the buyer reads the package's details and its
 * card's own button is out of view. Fixed and moved in by a transform, so appearing never shifts the page; hidden
 * (aria-hidden and inert) while the card's own button is on screen, so it is never announced twice.
 */
export function StickyBuyBar({
  card,
  action,
  name,
  price,
  hint,
  disabled,
  loading,
  onBuy,
}: StickyBuyBarProps) {
  const shown = useBarShown(card, action);
  const hintId = useId();
  return (
    <aside
      className="catalogue-buybar"
      aria-label={`Buy ${name}`}
      aria-hidden={shown ? undefined : true}
      inert={!shown}
      data-shown={shown}
    >
      <div className="catalogue-buybar__inner">
        <div className="catalogue-buybar__text">
          <p className="catalogue-buybar__name">{name}</p>
          <p className="catalogue-buybar__price">{price}</p>
          {hint && (
            <p id={hintId} className="catalogue-buybar__hint">
              {hint}
            </p>
          )}
        </div>
        <Button
          size="m"
          className="catalogue-buybar__action"
          loading={loading}
          disabled={disabled}
          aria-describedby={hint ? hintId : undefined}
          onClick={onBuy}
        >
          Add to cart
        </Button>
      </div>
    </aside>
  );
}
