import { AnimatePresence, domAnimation, LazyMotion, m, useIsPresent, useReducedMotion } from 'framer-motion';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './Button';
import { getFocusable } from './focus';
import { CloseIcon } from './icons';
import { activateModal } from './modalStack';
import './Modal.css';

export type ModalSize = 's' | 'm' | 'l';

export interface ModalProps {
  open: boolean;
  /** Called by the close cross, Escape and a backdrop click; the parent sets open to false. */
  onClose: () => void;
  /** Names the dialog (aria-labelledby). */
  title: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Width from 769 px: s 400, m 560 (default), l 800; on a phone the dialog is full width. */
  size?: ModalSize;
  /** Where focus goes on open; default the first focusable element of the body, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** id of an element describing the dialog (aria-describedby). */
  describedBy?: string;
  closeOnBackdropClick?: boolean;
  closeLabel?: string;
  className?: string;
  bodyClassName?: string;
  /** Runs when the exit animation has finished and the dialog has left the DOM. */
  onExitComplete?: () => void;
}

export function Modal({ open, onExitComplete, ...panelProps }: ModalProps) {
  if (typeof document === 'undefined') return null;
  return createPortal(
    // `m` with the animation features only: `motion` would bring framer-motion's gestures, drag and layout too.
    <LazyMotion features={domAnimation}>
      <AnimatePresence onExitComplete={onExitComplete}>
        {open && <ModalPanel key="ui-modal" {...panelProps} />}
      </AnimatePresence>
    </LazyMotion>,
    document.body,
  );
}

type PanelProps = Omit<ModalProps, 'open' | 'onExitComplete'>;

function ModalPanel({
  onClose,
  title,
  children,
  footer,
  size = 'm',
  initialFocusRef,
  describedBy,
  closeOnBackdropClick = true,
  closeLabel = 'Close',
  className,
  bodyClassName,
}: PanelProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  // The element that had focus when the modal opened, read before the modal moves focus.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  const isPresent = useIsPresent();
  const reduceMotion = useReducedMotion();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    // While the exit animation runs the dialog is on its way out: no lock, no trap, focus already returned.
    if (!isPresent) return;
    const dialog = dialogRef.current;
    if (!dialog) return;
    return activateModal(dialog, {
      initialFocus:
        initialFocusRef?.current ?? (bodyRef.current && getFocusable(bodyRef.current)[0]) ?? dialog,
      onEscape: () => onCloseRef.current(),
      returnFocusTo: opener,
    });
  }, [isPresent, initialFocusRef, opener]);

  const transition = reduceMotion ? { duration: 0 } : { duration: 0.22, ease: [0.2, 0.8, 0.2, 1] as const };
  const from = reduceMotion ? { opacity: 1 } : { opacity: 0, y: 24 };

  return (
    <div className="ui-modal-root">
      <m.div
        className="ui-modal-backdrop"
        aria-hidden="true"
        initial={{ opacity: reduceMotion ? 1 : 0 }}
        animate={{ opacity: 1 }}
        exit={{ opacity: 0 }}
        transition={transition}
        onPointerDown={(e) => {
          pressStartedOnBackdrop.current = e.target === e.currentTarget;
        }}
        onClick={(e) => {
          if (closeOnBackdropClick && pressStartedOnBackdrop.current && e.target === e.currentTarget)
            onClose();
          pressStartedOnBackdrop.current = false;
        }}
      />
      <m.div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={['ui-modal', `ui-modal--${size}`, className].filter(Boolean).join(' ')}
        initial={from}
        animate={{ opacity: 1, y: 0 }}
        exit={from}
        transition={transition}
      >
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <Button
            variant="ghost"
            size="s"
            className="ui-modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            <CloseIcon />
          </Button>
        </div>
        <hr className="ui-modal__divider" />
        <div ref={bodyRef} className={['ui-modal__body', bodyClassName].filter(Boolean).join(' ')}>
          {children}
        </div>
        {footer && <div className="ui-modal__footer">{footer}</div>}
      </m.div>
    </div>
  );
}
