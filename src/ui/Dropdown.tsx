import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type MouseEvent,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Button } from './Button';
import { FieldFooter } from './FieldFooter';
import { type FieldError, visibleError } from './fieldError';
import { CheckIcon, ChevronDownIcon } from './icons';
import { Spinner } from './Spinner';
import { useIsMobile } from './useMediaQuery';
import './field.css';
import './Dropdown.css';

// The phone dialog (and its animation library) is fetched once a form shows a dropdown on a phone, not with the page.
const Modal = lazy(() => import('./Modal').then((module) => ({ default: module.Modal })));
// Asked for once per page, not by every dropdown that mounts: each request walks the chunk's preload list.
let modalRequested = false;

/** Spec §2: the common empty text of every dropdown. */
export const NO_OPTIONS_TEXT = 'no options to select';
export const LOADING_OPTIONS_TEXT = 'Loading options…';
export const LOAD_FAILED_TEXT = 'Could not load the options. Please try again.';

export type OptionValue = string | number;

export interface DropdownOption<V extends OptionValue = string> {
  value: V;
  label: string;
  disabled?: boolean;
}

interface DropdownBaseProps {
  /** The visible label; also the dialog title on a phone. */
  label: ReactNode;
  placeholder?: string;
  hint?: ReactNode;
  /** A message, or true when in error without one ("*Required"). Hidden while the field has focus. */
  error?: FieldError;
  /** From the form library; left out, the field counts itself touched once focus leaves it. */
  touched?: boolean;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  /** Renders hidden inputs so a native form submission carries the value(s). */
  name?: string;
  /** List height in the popover: regular 300 px, compact 210 px (spec §9). */
  listSize?: 'regular' | 'compact';
  emptyMessage?: string;
  className?: string;
  onFocus?: () => void;
  onBlur?: () => void;
}

export interface SingleSelectProps<V extends OptionValue = string> extends DropdownBaseProps {
  type?: 'single';
  options: readonly DropdownOption<V>[];
  value?: V | null;
  defaultValue?: V | null;
  onChange?: (value: V, option: DropdownOption<V>) => void;
  /** Spec §5: with exactly one option the field selects it and disables itself. */
  disableIfSingleOption?: boolean;
}

export interface MultiSelectProps<V extends OptionValue = string> extends DropdownBaseProps {
  type: 'multi';
  options: readonly DropdownOption<V>[];
  value?: readonly V[];
  defaultValue?: readonly V[];
  /** Values in the options' order. */
  onChange?: (values: V[], options: DropdownOption<V>[]) => void;
  disableIfSingleOption?: boolean;
}

export interface AsyncSelectProps<V extends OptionValue = string> extends DropdownBaseProps {
  type: 'async';
  /** Loads the options for what the user typed; abort the request when the signal fires. */
  loadOptions: (query: string, signal: AbortSignal) => Promise<readonly DropdownOption<V>[]>;
  /** The selected option itself, since its label may not be among the loaded options. */
  value?: DropdownOption<V> | null;
  defaultValue?: DropdownOption<V> | null;
  onChange?: (option: DropdownOption<V>) => void;
  /** Wait after the last keystroke before loading; default 300 ms. An empty query loads at once. */
  debounceMs?: number;
  searchLabel?: string;
  searchPlaceholder?: string;
}

export type DropdownProps<V extends OptionValue = string> =
  | SingleSelectProps<V>
  | MultiSelectProps<V>
  | AsyncSelectProps<V>;

type AsyncStatus = 'idle' | 'loading' | 'done' | 'error';

export function Dropdown<V extends OptionValue = string>(props: DropdownProps<V>) {
  const {
    label,
    placeholder = 'Select',
    hint,
    error,
    touched,
    required,
    name,
    listSize = 'regular',
    emptyMessage = NO_OPTIONS_TEXT,
    className,
  } = props;
  const kind = props.type ?? 'single';
  const isAsync = props.type === 'async';
  const isMulti = props.type === 'multi';

  const autoId = useId();
  const fieldId = props.id ?? `${autoId}-dropdown`;
  const labelId = `${fieldId}-label`;
  const listboxId = `${fieldId}-listbox`;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const optionId = (index: number) => `${fieldId}-option-${index}`;

  const isMobile = useIsMobile();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  const [open, setOpen] = useState(false);
  // Once opened on a phone, the dialog stays mounted so it can animate out.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (open && isMobile && !dialogWanted) setDialogWanted(true);
  useEffect(() => {
    if (!isMobile || modalRequested) return;
    modalRequested = true;
    void import('./Modal').catch(() => {
      modalRequested = false;
    });
  }, [isMobile]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [focused, setFocused] = useState(false);
  const [blurred, setBlurred] = useState(false);
  const [query, setQuery] = useState('');
  const [asyncOptions, setAsyncOptions] = useState<readonly DropdownOption<V>[]>([]);
  const [asyncStatus, setAsyncStatus] = useState<AsyncStatus>('idle');

  // Uncontrolled selection: values for single/multi, the option itself for async.
  const [ownValues, setOwnValues] = useState<readonly V[]>(() => {
    if (props.type === 'multi') return props.defaultValue ?? [];
    if (props.type === 'async') return [];
    return props.defaultValue == null ? [] : [props.defaultValue];
  });
  const [ownAsync, setOwnAsync] = useState<DropdownOption<V> | null>(() =>
    props.type === 'async' ? (props.defaultValue ?? null) : null,
  );

  const options: readonly DropdownOption<V>[] = props.type === 'async' ? asyncOptions : props.options;

  let selected: DropdownOption<V>[];
  if (props.type === 'async') {
    const option = props.value !== undefined ? props.value : ownAsync;
    selected = option ? [option] : [];
  } else {
    let values: readonly V[];
    if (props.type === 'multi') values = props.value ?? ownValues;
    else if (props.value !== undefined) values = props.value === null ? [] : [props.value];
    else values = ownValues;
    selected = props.options.filter((o) => values.includes(o.value));
  }
  const isSelected = (option: DropdownOption<V>) => selected.some((s) => s.value === option.value);

  const singleOption =
    props.type !== 'async' && props.disableIfSingleOption === true && props.options.length === 1
      ? props.options[0]
      : undefined;
  const disabled = props.disabled === true || singleOption !== undefined;

  const propsRef = useRef(props);
  propsRef.current = props;

  // Spec §5: a field reduced to one option shows it chosen.
  const singleValue = singleOption?.value;
  const nothingSelected = selected.length === 0;
  useEffect(() => {
    if (singleValue === undefined || !nothingSelected) return;
    const p = propsRef.current;
    if (p.type === 'async') return;
    const only = p.options[0];
    if (!only) return;
    setOwnValues([only.value]);
    if (p.type === 'multi') p.onChange?.([only.value], [only]);
    else p.onChange?.(only.value, only);
  }, [singleValue, nothingSelected]);

  const close = useCallback(
    (focusTrigger: boolean) => {
      setOpen(false);
      setActiveIndex(-1);
      setQuery('');
      setAsyncOptions([]);
      setAsyncStatus('idle');
      // In the phone dialog the Modal gives focus back to the field itself.
      if (focusTrigger && !isMobile) triggerRef.current?.focus();
    },
    [isMobile],
  );

  const firstEnabled = (from: number, step: 1 | -1): number => {
    for (let i = from; i >= 0 && i < options.length; i += step) if (!options[i]?.disabled) return i;
    return -1;
  };

  const openList = (at: 'selected' | 'first' | 'last' = 'selected') => {
    if (disabled) return;
    setOpen(true);
    if (at === 'last') setActiveIndex(firstEnabled(options.length - 1, -1));
    else {
      const sel = at === 'selected' ? options.findIndex((o) => isSelected(o) && !o.disabled) : -1;
      setActiveIndex(sel >= 0 ? sel : firstEnabled(0, 1));
    }
  };

  const choose = (option: DropdownOption<V>) => {
    if (option.disabled) return;
    const p = props;
    if (p.type === 'multi') {
      const current = selected.map((s) => s.value);
      const next = current.includes(option.value)
        ? current.filter((v) => v !== option.value)
        : [...current, option.value];
      const nextOptions = p.options.filter((o) => next.includes(o.value));
      setOwnValues(nextOptions.map((o) => o.value));
      p.onChange?.(
        nextOptions.map((o) => o.value),
        nextOptions,
      );
      return; // a multi-select stays open for more picks
    }
    if (p.type === 'async') {
      setOwnAsync(option);
      p.onChange?.(option);
    } else {
      setOwnValues([option.value]);
      p.onChange?.(option.value, option);
    }
    close(true);
  };

  // Async options: load on open and on every (debounced) query; stale answers are dropped.
  const debounceMs = props.type === 'async' ? (props.debounceMs ?? 300) : 0;
  useEffect(() => {
    if (!isAsync || !open) return;
    const controller = new AbortController();
    setAsyncStatus('loading');
    const timer = setTimeout(
      () => {
        const p = propsRef.current;
        if (p.type !== 'async') return;
        p.loadOptions(query, controller.signal).then(
          (loaded) => {
            if (controller.signal.aborted) return;
            setAsyncOptions(loaded);
            setAsyncStatus('done');
            setActiveIndex(loaded.findIndex((o) => !o.disabled));
          },
          () => {
            if (controller.signal.aborted) return;
            setAsyncOptions([]);
            setAsyncStatus('error');
          },
        );
      },
      query.trim() === '' ? 0 : debounceMs,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [isAsync, open, query, debounceMs]);

  // Async search box takes focus when its popover opens (the Modal does it on a phone).
  useEffect(() => {
    if (open && isAsync && !isMobile) searchRef.current?.focus();
  }, [open, isAsync, isMobile]);

  // Keep the active option in view.
  useEffect(() => {
    if (!open || activeIndex < 0) return;
    document.getElementById(optionId(activeIndex))?.scrollIntoView?.({ block: 'nearest' });
  });

  // A press outside closes the popover (touch browsers do not always move focus).
  useEffect(() => {
    if (!open || isMobile) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !wrapperRef.current?.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, isMobile, close]);

  useEffect(() => {
    if (disabled && open) close(false);
  }, [disabled, open, close]);

  // Typeahead: typed letters jump to the next option starting with them.
  const typeahead = useRef({ text: '', timer: 0 as ReturnType<typeof setTimeout> | 0 });
  const jumpTo = (char: string) => {
    const t = typeahead.current;
    if (t.timer) clearTimeout(t.timer);
    t.text += char.toLowerCase();
    t.timer = setTimeout(() => {
      t.text = '';
    }, 500);
    const repeated = t.text.length > 1 && [...t.text].every((c) => c === t.text[0]);
    const prefix = repeated ? (t.text[0] ?? '') : t.text;
    const start = repeated || t.text.length === 1 ? activeIndex + 1 : Math.max(activeIndex, 0);
    for (let n = 0; n < options.length; n += 1) {
      const i = (start + n) % options.length;
      const o = options[i];
      if (o && !o.disabled && o.label.toLowerCase().startsWith(prefix)) {
        if (!open) setOpen(true);
        setActiveIndex(i);
        return;
      }
    }
  };

  const move = (to: number, step: 1 | -1) => {
    const i = firstEnabled(to, step);
    if (i >= 0) setActiveIndex(i);
  };

  /** Keys of the open list, wherever focus sits (trigger, search box or the phone dialog's list). */
  const onListKeys = (event: KeyboardEvent<HTMLElement>, { spaceSelects }: { spaceSelects: boolean }) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        move(activeIndex < 0 ? 0 : activeIndex + 1, 1);
        return true;
      case 'ArrowUp':
        event.preventDefault();
        move(activeIndex < 0 ? options.length - 1 : activeIndex - 1, -1);
        return true;
      case 'Home':
        event.preventDefault();
        move(0, 1);
        return true;
      case 'End':
        event.preventDefault();
        move(options.length - 1, -1);
        return true;
      case 'Enter': {
        event.preventDefault();
        const option = options[activeIndex];
        if (option) choose(option);
        return true;
      }
      case ' ': {
        if (!spaceSelects) return false;
        event.preventDefault();
        const option = options[activeIndex];
        if (option) choose(option);
        return true;
      }
      default:
        return false;
    }
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    if (!open || isMobile) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList(event.key === 'ArrowUp' && !isMobile ? 'last' : 'selected');
      } else if (!isMobile && !isAsync && (event.key === 'Home' || event.key === 'End')) {
        event.preventDefault();
        openList(event.key === 'Home' ? 'first' : 'last');
      } else if (!isMobile && !isAsync && isPrintable(event)) {
        jumpTo(event.key);
      }
      return;
    }
    // The popover is open and focus stays on the field (async moves focus to its search box).
    if (event.key === 'Escape') {
      event.preventDefault(); // handled: an enclosing Modal must not close too
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (!onListKeys(event, { spaceSelects: true }) && isPrintable(event)) {
      jumpTo(event.key);
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape' && !isMobile) {
      event.preventDefault();
      close(true);
      return;
    }
    onListKeys(event, { spaceSelects: false });
  };

  // Pressing inside the list keeps focus where it is (trigger, search box or list).
  const keepFocus = (event: MouseEvent) => {
    if (event.target !== searchRef.current) event.preventDefault();
  };

  const onModalListKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!onListKeys(event, { spaceSelects: true }) && isPrintable(event)) jumpTo(event.key);
  };

  const isInside = (node: EventTarget | null) =>
    node instanceof Node && (wrapperRef.current?.contains(node) || panelRef.current?.contains(node)) === true;

  // Focus events of the phone dialog bubble here through the portal, so "inside" includes it.
  const onFocusCapture = (event: FocusEvent) => {
    if (focused || isInside(event.relatedTarget)) return;
    setFocused(true);
    propsRef.current.onFocus?.();
  };
  const onBlurCapture = (event: FocusEvent) => {
    if (isInside(event.relatedTarget)) return;
    // The phone dialog is opening: focus is on its way into it.
    if (isMobile && open) return;
    setFocused(false);
    setBlurred(true);
    if (open && !isMobile) close(false);
    propsRef.current.onBlur?.();
  };

  // Spec §5: errors show once touched, and clear while the field has focus.
  const message = focused || open ? null : visibleError(error, touched ?? blurred);

  const displayText = selected.length > 0 ? selected.map((s) => s.label).join(', ') : placeholder;
  const activeId =
    open && activeIndex >= 0 && activeIndex < options.length ? optionId(activeIndex) : undefined;
  // Before the first answer arrives the list is loading, never "empty".
  const loading = isAsync && (asyncStatus === 'loading' || asyncStatus === 'idle');

  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;

  let listContent: ReactNode;
  if (loading && options.length === 0) {
    listContent = (
      <div className="ui-dropdown__status" role="status">
        <Spinner size="s" />
        <span>{LOADING_OPTIONS_TEXT}</span>
      </div>
    );
  } else if (isAsync && asyncStatus === 'error') {
    listContent = (
      <div className="ui-dropdown__status ui-dropdown__status--error" role="alert">
        {LOAD_FAILED_TEXT}
      </div>
    );
  } else if (options.length === 0) {
    listContent = (
      <div className="ui-dropdown__status" role="status">
        {emptyMessage}
      </div>
    );
  } else {
    listContent = (
      <>
        {loading && (
          <div className="ui-dropdown__status ui-dropdown__status--inline" role="status">
            <Spinner size="s" />
            <span>{LOADING_OPTIONS_TEXT}</span>
          </div>
        )}
        <div
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          aria-multiselectable={isMulti || undefined}
          aria-busy={loading || undefined}
          aria-activedescendant={isMobile && !isAsync ? activeId : undefined}
          tabIndex={isMobile && !isAsync ? 0 : -1}
          className={['ui-dropdown__list', isMobile && 'ui-dropdown__list--in-modal']
            .filter(Boolean)
            .join(' ')}
          // Dropdown.css caps the popover list's height by data-size; the phone dialog has its own height.
          data-size={isMobile ? undefined : listSize}
          onKeyDown={isMobile && !isAsync ? onModalListKeyDown : undefined}
        >
          {options.map((option, index) => {
            const chosen = isSelected(option);
            return (
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the focused combobox or listbox
              <div
                key={String(option.value)}
                id={optionId(index)}
                role="option"
                aria-selected={chosen}
                aria-disabled={option.disabled || undefined}
                className={[
                  'ui-dropdown__option',
                  index === activeIndex && 'ui-dropdown__option--active',
                  chosen && 'ui-dropdown__option--selected',
                ]
                  .filter(Boolean)
                  .join(' ')}
                onClick={() => choose(option)}
                onPointerMove={() => {
                  if (!option.disabled && activeIndex !== index) setActiveIndex(index);
                }}
              >
                <span className="ui-dropdown__option-label">{option.label}</span>
                <span className="ui-dropdown__tick" aria-hidden="true">
                  {chosen && <CheckIcon />}
                </span>
              </div>
            );
          })}
        </div>
      </>
    );
  }

  const search = isAsync && (
    <div className="ui-dropdown__search">
      <input
        ref={searchRef}
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls={options.length > 0 ? listboxId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-label={
          props.type === 'async' && props.searchLabel
            ? props.searchLabel
            : typeof label === 'string'
              ? `Search ${label}`
              : 'Search'
        }
        placeholder={props.type === 'async' ? (props.searchPlaceholder ?? 'Type to search') : undefined}
        autoComplete="off"
        spellCheck={false}
        className="ui-dropdown__search-input"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onSearchKeyDown}
      />
    </div>
  );

  return (
    <div
      ref={wrapperRef}
      className={[
        'ui-field',
        'ui-dropdown',
        message && 'ui-field--invalid',
        disabled && 'ui-field--disabled',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      onFocusCapture={onFocusCapture}
      onBlurCapture={onBlurCapture}
    >
      <span id={labelId} className="ui-field__label">
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </span>
      <div className="ui-dropdown__anchor">
        <button
          ref={triggerRef}
          id={fieldId}
          type="button"
          role="combobox"
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-haspopup={isMobile ? 'dialog' : 'listbox'}
          aria-expanded={open}
          aria-controls={open && !isMobile && !isAsync && options.length > 0 ? listboxId : undefined}
          aria-activedescendant={!isMobile && !isAsync ? activeId : undefined}
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          disabled={disabled}
          className={['ui-field__control', 'ui-dropdown__trigger', open && 'ui-dropdown__trigger--open']
            .filter(Boolean)
            .join(' ')}
          onClick={() => (open ? close(true) : openList())}
          onKeyDown={onTriggerKeyDown}
          // Space opens on keydown; stop the button's own keyup click from closing it again.
          onKeyUp={(e) => {
            if (e.key === ' ') e.preventDefault();
          }}
        >
          <span
            className={['ui-dropdown__value', selected.length === 0 && 'ui-dropdown__value--placeholder']
              .filter(Boolean)
              .join(' ')}
          >
            {displayText}
          </span>
          <ChevronDownIcon className="ui-dropdown__chevron" />
        </button>
        {open && !isMobile && (
          // biome-ignore lint/a11y/noStaticElementInteractions: only stops a press from moving focus
          <div ref={panelRef} className="ui-dropdown__popover" onMouseDown={keepFocus}>
            {search}
            {listContent}
          </div>
        )}
      </div>
      <FieldFooter hint={hint} hintId={hintId} error={message} errorId={errorId} />
      {name &&
        selected.map((s) => (
          <input key={String(s.value)} type="hidden" name={name} value={String(s.value)} />
        ))}
      {isMobile && dialogWanted && (
        <Suspense fallback={null}>
          <Modal
            open={open}
            onClose={() => close(false)}
            title={label}
            size="s"
            initialFocusRef={isAsync ? searchRef : listRef}
            bodyClassName="ui-dropdown__modal-body"
            footer={
              isMulti ? (
                <Button fullWidth onClick={() => close(false)}>
                  Done
                </Button>
              ) : undefined
            }
          >
            {/* biome-ignore lint/a11y/noStaticElementInteractions: only stops a press from moving focus */}
            <div ref={panelRef} className="ui-dropdown__panel" data-kind={kind} onMouseDown={keepFocus}>
              {search}
              {listContent}
            </div>
          </Modal>
        </Suspense>
      )}
    </div>
  );
}

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
