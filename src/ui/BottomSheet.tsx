import {
  animateSingleValue,
  LazyMotion,
  m,
  type PanInfo,
  useMotionValue,
  useReducedMotion,
} from 'framer-motion';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  startTransition,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { onIdle } from '@/lib/idle';
import { ChevronDownIcon } from './icons';
import { activateModal } from './modalStack';
import { nearestSnap } from './snap';
import { useCloseOnBack } from './useCloseOnBack';
import { useKeepFocusInSight } from './useKeepFocusInSight';
import { useIsMobile } from './useMediaQuery';
import './BottomSheet.css';

export type SheetSnap = 'peek' | 'half' | 'full';

const SNAPS: readonly SheetSnap[] = ['peek', 'half', 'full'];
/** Room left above a full sheet, so the page behind still shows it is a sheet (--space-7). */
const FULL_TOP_GAP = 48;

// Dragging waits for the browser's first idle moment (2 s at most): the sheet mounts as the checkout finishes loading.
const loadFeatures = () =>
  new Promise<void>((resolve) => onIdle(resolve, 2000))
    .then(() => import('./motionFeatures'))
    .then((mod) => mod.default);

export interface BottomSheetProps {
  /** Names the sheet: the dialog on a phone, the region beside the form on a wide screen, and the handle. */
  label: string;
  /** Always in view: the total bar and the pay action (collapsed on a phone, below the content elsewhere). */
  peek: ReactNode;
  /** The order summary: inside the sheet on a phone, inline in the side column from 769 px. */
  children: ReactNode;
  /** Told whenever the sheet settles on another snap point. */
  onSnapChange?: (snap: SheetSnap) => void;
  className?: string;
}

/**
 * On a phone (768 px or narrower) a bottom sheet: collapsed it is a sticky bar at the foot of the page that keeps
 * the focused field above it; opened (full height by its handle, half or full by a drag) it is a modal dialog (focus kept inside, page scroll locked, Escape and
 * the back button collapse it). From 769 px CSS lays the same markup out inline, so the server's HTML fits both.
 */
export function BottomSheet({ label, peek, children, onSnapChange, className }: BottomSheetProps) {
  const bodyId = useId();
  const isMobile = useIsMobile();
  const reduceMotion = useReducedMotion();
  const [snap, setSnap] = useState<SheetSnap>('peek');
  const snapRef = useRef<SheetSnap>('peek');
  const [moving, setMoving] = useState(false);
  // The collapsed bar's height, held in the page while the raised panel is out of the flow, so nothing moves.
  const [restHeight, setRestHeight] = useState<number | null>(null);
  // The body's height in px, written to a CSS variable the phone layout reads (server and client start at 0).
  const height = useMotionValue(0);
  const panelRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const animation = useRef<{ stop: () => void } | null>(null);
  const pan = useRef<{ from: number; heights: Record<SheetSnap, number> } | null>(null);
  const panned = useRef(false);
  const onSnapChangeRef = useRef(onSnapChange);
  onSnapChangeRef.current = onSnapChange;
  // Collapsed on a phone the body is out of sight: its content mounts in a transition after the sheet's own
  // commit, so the page's first commit is smaller. Raising the sheet renders it at once.
  const [bodyMounted, setBodyMounted] = useState(false);
  useEffect(() => startTransition(() => setBodyMounted(true)), []);

  const modal = isMobile && snap !== 'peek';

  const measure = useCallback((): Record<SheetSnap, number> => {
    const panel = panelRef.current;
    const body = bodyRef.current;
    if (!panel || !body) return { peek: 0, half: 0, full: 0 };
    // Everything but the body (handle, total bar, borders) stays in view at every snap.
    const chrome = panel.offsetHeight - body.offsetHeight;
    const room = Math.max(0, window.innerHeight - FULL_TOP_GAP - chrome);
    const full = body.scrollHeight > 0 ? Math.min(room, body.scrollHeight) : room;
    const half = Math.min(full, Math.max(0, Math.round(window.innerHeight / 2) - chrome));
    return { peek: 0, half, full };
  }, []);

  const keepRoom = useCallback(() => {
    if (snapRef.current === 'peek' && panelRef.current) setRestHeight(panelRef.current.offsetHeight);
  }, []);

  const goTo = useCallback(
    (next: SheetSnap, velocity = 0, heights = measure()) => {
      animation.current?.stop();
      const current = snapRef.current;
      if (current === 'peek' && next !== 'peek') {
        keepRoom();
        const active = document.activeElement;
        // Opened by a tap that focused nothing: focus comes back to the handle, not to the page's start.
        opener.current =
          active instanceof HTMLElement && active !== document.body ? active : handleRef.current;
      }
      snapRef.current = next;
      setSnap(next);
      if (current !== next) onSnapChangeRef.current?.(next);
      const target = heights[next];
      if (reduceMotion) {
        height.set(target);
        setMoving(false);
        return;
      }
      // One value's spring: `animate` would also bring the timeline and sequence code into the checkout's chunk.
      const run = animateSingleValue(height, target, {
        type: 'spring',
        velocity,
        stiffness: 420,
        damping: 42,
        restDelta: 0.5,
      });
      // No animation left when the value is already at its target.
      if (!run) {
        setMoving(false);
        return;
      }
      setMoving(true);
      animation.current = run;
      void run.then(() => {
        if (animation.current === run) setMoving(false);
      });
    },
    [height, keepRoom, measure, reduceMotion],
  );

  const collapse = useCallback(() => goTo('peek'), [goTo]);

  // Expanded on a phone, the sheet is the top modal; collapsed (or inline on a wide screen) it is part of the page.
  useEffect(() => {
    const panel = panelRef.current;
    if (!modal || !panel) return;
    const active = document.activeElement;
    return activateModal(panel, {
      initialFocus:
        active instanceof HTMLElement && panel.contains(active) ? active : (handleRef.current ?? panel),
      onEscape: collapse,
      returnFocusTo: opener.current,
    });
  }, [modal, collapse]);

  useCloseOnBack(modal, collapse);

  // Collapsed on a phone the sheet covers the page's foot: the field being edited is kept above it.
  useKeepFocusInSight(panelRef, isMobile && snap === 'peek');

  // Widening the window past 768 px turns the sheet into the inline column: it is not left open behind it.
  useEffect(() => {
    if (!isMobile && snap !== 'peek') {
      animation.current?.stop();
      height.set(0);
      setMoving(false);
      snapRef.current = 'peek';
      setSnap('peek');
      onSnapChangeRef.current?.('peek');
    }
  }, [isMobile, snap, height]);

  useEffect(() => () => animation.current?.stop(), []);

  const step = (direction: 1 | -1) => {
    const next = SNAPS[SNAPS.indexOf(snap) + direction];
    if (next) goTo(next);
  };

  const onHandleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step(event.key === 'ArrowUp' ? 1 : -1);
    }
  };

  const onPanStart = () => {
    if (!isMobile) return;
    animation.current?.stop();
    panned.current = true;
    if (!moving) keepRoom();
    pan.current = { from: height.get(), heights: measure() };
    setMoving(true);
  };
  const onPan = (_: unknown, info: PanInfo) => {
    const current = pan.current;
    if (!current) return;
    // Dragging up (negative y) grows the body; it never goes past full height or below collapsed.
    height.set(Math.min(current.heights.full, Math.max(0, current.from - info.offset.y)));
  };
  const onPanEnd = (_: unknown, info: PanInfo) => {
    if (!pan.current) return;
    pan.current = null;
    const heights = measure();
    const index = nearestSnap(
      SNAPS.map((s) => heights[s]),
      height.get(),
      -info.velocity.y,
    );
    goTo(SNAPS[index] ?? 'peek', -info.velocity.y, heights);
  };
  const dragHandlers = { onPanStart, onPan, onPanEnd };

  // A drag that ends over a button must not also press it.
  const swallowClickAfterDrag = {
    onPointerDownCapture: (_: PointerEvent) => {
      panned.current = false;
    },
    onClickCapture: (event: { preventDefault: () => void; stopPropagation: () => void }) => {
      if (!panned.current) return;
      panned.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  const expanded = snap !== 'peek';
  const raised = isMobile && (expanded || moving);

  return (
    <LazyMotion features={loadFeatures}>
      <div
        className={['ui-sheet', className].filter(Boolean).join(' ')}
        data-snap={snap}
        data-raised={raised ? 'true' : 'false'}
        style={raised && restHeight !== null ? { minHeight: restHeight } : undefined}
      >
        {raised && <div className="ui-sheet__backdrop" aria-hidden="true" onClick={collapse} />}
        <m.section
          ref={panelRef}
          className="ui-sheet__panel"
          role={modal ? 'dialog' : 'region'}
          aria-modal={modal ? true : undefined}
          aria-label={label}
          tabIndex={modal ? -1 : undefined}
          style={{ '--ui-sheet-height': height } as unknown as CSSProperties}
          {...swallowClickAfterDrag}
        >
          <m.div className="ui-sheet__grip" {...dragHandlers}>
            <button
              ref={handleRef}
              type="button"
              className="ui-sheet__handle"
              aria-expanded={expanded}
              aria-controls={bodyId}
              // A tap opens the whole sheet; the arrow keys and a drag also stop at half height.
              onClick={() => goTo(expanded ? 'peek' : 'full')}
              onKeyDown={onHandleKeyDown}
            >
              <span className="ui-sheet__bar" aria-hidden="true" />
              <span className="ui-sheet__label">{label}</span>
              <ChevronDownIcon className="ui-sheet__chevron" aria-hidden="true" />
            </button>
          </m.div>
          <div ref={bodyRef} id={bodyId} className="ui-sheet__body">
            {bodyMounted || raised || !isMobile ? children : null}
          </div>
          <m.div className="ui-sheet__peek" {...dragHandlers}>
            {peek}
          </m.div>
        </m.section>
      </div>
    </LazyMotion>
  );
}
