import { createListCollection, Select, useSelect } from '@ark-ui/react/select';
import {
  type FocusEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from './Button';
import { FieldFooter } from './FieldFooter';
import { type FieldError, useFieldIds, visibleError } from './fieldError';
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

/**
 * A labelled select on Ark UI's Select: a combobox button that opens a listbox (a popover from 769 px, a dialog on
 * a phone), with typeahead, single, multiple and searched (async) choice, and the field's hint and error wiring.
 */
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

  const { fieldId, labelId, hintId, errorId } = useFieldIds(props.id, 'dropdown');
  const popupId = `${fieldId}-popup`;
  const listboxId = `${fieldId}-listbox`;
  const itemId = (value: OptionValue) => `${fieldId}-option-${value}`;

  const isMobile = useIsMobile();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isMobile || modalRequested) return;
    modalRequested = true;
    void import('./Modal').catch(() => {
      modalRequested = false;
    });
  }, [isMobile]);
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

  const collection = useMemo(
    () =>
      createListCollection({
        items: options,
        itemToValue: (option) => String(option.value),
        itemToString: (option) => option.label,
        isItemDisabled: (option) => option.disabled === true,
      }),
    [options],
  );

  /** The library's new selection, as the props' values and options in their order. */
  const choose = (values: string[]) => {
    const p = propsRef.current;
    if (p.type === 'async') {
      const option = asyncOptions.find((o) => String(o.value) === values[0]);
      if (!option) return;
      setOwnAsync(option);
      p.onChange?.(option);
    } else if (p.type === 'multi') {
      const next = p.options.filter((o) => values.includes(String(o.value)));
      setOwnValues(next.map((o) => o.value));
      p.onChange?.(
        next.map((o) => o.value),
        next,
      );
    } else {
      const option = p.options.find((o) => String(o.value) === values[0]);
      if (!option) return;
      setOwnValues([option.value]);
      p.onChange?.(option.value, option);
    }
  };

  // With options the popup is the listbox itself; empty, or searched, it is a group around a status or a search box.
  const composite = !isAsync && options.length > 0;
  const select = useSelect({
    ids: { trigger: fieldId, label: labelId, content: popupId, item: itemId },
    collection,
    multiple: isMulti,
    value: selected.map((o) => String(o.value)),
    disabled,
    composite,
    closeOnSelect: !isMulti,
    positioning: { placement: 'bottom-start', sameWidth: true, gutter: 4 },
    onValueChange: ({ value }) => choose(value),
  });
  const { open } = select;
  const selectRef = useRef(select);
  selectRef.current = select;
  // Once opened on a phone, the dialog stays mounted so it can animate out.
  const [dialogWanted, setDialogWanted] = useState(false);
  if (open && isMobile && !dialogWanted) setDialogWanted(true);

  // Opened by a press or Space, the list starts at the chosen option, else at the first it can reach.
  useEffect(() => {
    const s = selectRef.current;
    if (!open || isAsync || s.highlightedValue != null) return;
    const values = s.value;
    const start = s.collection.items.find((o) => values.includes(String(o.value)) && !o.disabled);
    const first = start ?? s.collection.items.find((o) => !o.disabled);
    if (first) s.setHighlightValue(String(first.value));
  }, [open, isAsync]);

  useEffect(() => {
    if (disabled && open) selectRef.current.setOpen(false);
  }, [disabled, open]);

  // A closed search starts afresh next time.
  useEffect(() => {
    if (open) return;
    setQuery('');
    setAsyncOptions([]);
    setAsyncStatus('idle');
  }, [open]);

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

  // Each answer starts the keyboard at its first option.
  useEffect(() => {
    if (!isAsync) return;
    const first = asyncOptions.find((o) => !o.disabled);
    if (first) selectRef.current.setHighlightValue(String(first.value));
    else selectRef.current.clearHighlightValue();
  }, [isAsync, asyncOptions]);

  // The library writes aria-invalid and aria-required as "false" when they are not; this field leaves them out.
  const {
    'aria-invalid': _invalid,
    'aria-required': _required,
    onKeyDown: onLibraryKeyDown,
    ...triggerProps
  } = select.getTriggerProps();

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (open || disabled) return;
    // Space always opens, even just after a typed letter (the library would read it as more typeahead).
    if (event.key === ' ') {
      event.preventDefault();
      select.setOpen(true);
    } else if (isAsync && ['Home', 'End', 'ArrowLeft', 'ArrowRight'].includes(event.key)) {
      // An async field has nothing loaded to step through while closed.
      event.preventDefault();
    } else if (isAsync && isPrintable(event)) {
      event.preventDefault();
    }
  };

  /**
   * Before the library's own keys: Space picks the highlighted option as Enter does (the library would read it as
   * more typeahead just after a letter), and Tab moves on from the popover (the library keeps it inside).
   */
  const onPopupKeyDownCapture = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Tab' && !isMobile) {
      event.stopPropagation();
    } else if (event.key === ' ' && event.target === event.currentTarget) {
      event.preventDefault();
      event.stopPropagation();
      const value = select.highlightedValue;
      if (value != null) document.getElementById(itemId(value))?.click();
    }
  };

  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // A space is part of the search ("New Zealand"), never a pick.
    if (event.key === ' ') event.stopPropagation();
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
    propsRef.current.onBlur?.();
  };

  // Spec §5: errors show once touched, and clear while the field has focus.
  const message = focused || open ? null : visibleError(error, touched ?? blurred);

  const displayText = selected.length > 0 ? selected.map((s) => s.label).join(', ') : placeholder;
  // Before the first answer arrives the list is loading, never "empty".
  const loading = isAsync && (asyncStatus === 'loading' || asyncStatus === 'idle');
  const describedBy = [hint ? hintId : null, message ? errorId : null].filter(Boolean).join(' ') || undefined;
  const activeId = select.highlightedValue != null ? itemId(select.highlightedValue) : undefined;

  const items = options.map((option) => (
    <Select.Item key={String(option.value)} item={option} className="ui-dropdown__option">
      <Select.ItemText className="ui-dropdown__option-label">{option.label}</Select.ItemText>
      <span className="ui-dropdown__tick" aria-hidden="true">
        {select.value.includes(String(option.value)) && <CheckIcon />}
      </span>
    </Select.Item>
  ));

  let status: ReactNode = null;
  if (loading && options.length === 0) {
    status = (
      <div className="ui-dropdown__status" role="status">
        <Spinner size="s" />
        <span>{LOADING_OPTIONS_TEXT}</span>
      </div>
    );
  } else if (isAsync && asyncStatus === 'error') {
    status = (
      <div className="ui-dropdown__status ui-dropdown__status--error" role="alert">
        {LOAD_FAILED_TEXT}
      </div>
    );
  } else if (options.length === 0) {
    status = (
      <div className="ui-dropdown__status" role="status">
        {emptyMessage}
      </div>
    );
  } else if (loading) {
    status = (
      <div className="ui-dropdown__status ui-dropdown__status--inline" role="status">
        <Spinner size="s" />
        <span>{LOADING_OPTIONS_TEXT}</span>
      </div>
    );
  }

  const listClass = ['ui-dropdown__list', isMobile && 'ui-dropdown__list--in-modal']
    .filter(Boolean)
    .join(' ');
  // Dropdown.css caps the popover list's height by data-size; the phone dialog has its own height.
  const dataSize = isMobile ? undefined : listSize;

  // In the phone dialog the list stays drawn while the dialog animates out.
  const shown = isMobile ? { hidden: false } : {};
  const popup = (popupClass: string) =>
    composite ? (
      <Select.Content
        {...shown}
        ref={isMobile ? panelRef : undefined}
        className={`${popupClass} ${listClass}`}
        data-size={dataSize}
        onKeyDownCapture={onPopupKeyDownCapture}
      >
        {items}
      </Select.Content>
    ) : (
      <Select.Content
        {...shown}
        ref={isMobile ? panelRef : undefined}
        className={popupClass}
        role="group"
        data-kind={kind}
        onKeyDownCapture={onPopupKeyDownCapture}
      >
        {isAsync && (
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
              data-autofocus=""
              className="ui-dropdown__search-input"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onSearchKeyDown}
            />
          </div>
        )}
        {status}
        {options.length > 0 && (
          <Select.List
            id={listboxId}
            aria-labelledby={labelId}
            aria-busy={loading || undefined}
            // The search box keeps focus; the list is reached through it.
            tabIndex={-1}
            className={listClass}
            data-size={dataSize}
          >
            {items}
          </Select.List>
        )}
      </Select.Content>
    );

  return (
    <Select.RootProvider
      value={select}
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
      <button
        {...triggerProps}
        role="combobox"
        aria-expanded={open}
        aria-describedby={describedBy}
        aria-haspopup={isMobile ? 'dialog' : 'listbox'}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        className="ui-field__control ui-dropdown__trigger"
        onKeyDown={(event) => {
          onTriggerKeyDown(event);
          onLibraryKeyDown?.(event);
        }}
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
      {/* Mounted only while open, and gone at once when it closes (the library's presence would wait a frame). */}
      {open && !isMobile && (
        <Select.Positioner className="ui-dropdown__positioner">
          {popup('ui-dropdown__popover')}
        </Select.Positioner>
      )}
      <FieldFooter hint={hint} hintId={hintId} error={message} errorId={errorId} />
      {name &&
        selected.map((s) => (
          <input key={String(s.value)} type="hidden" name={name} value={String(s.value)} />
        ))}
      {isMobile && dialogWanted && (
        <Suspense fallback={null}>
          <Modal
            open={open}
            onClose={() => select.setOpen(false)}
            title={label}
            size="s"
            initialFocusRef={isAsync ? searchRef : panelRef}
            bodyClassName="ui-dropdown__modal-body"
            footer={
              isMulti ? (
                <Button fullWidth onClick={() => select.setOpen(false)}>
                  Done
                </Button>
              ) : undefined
            }
          >
            {popup('ui-dropdown__panel')}
          </Modal>
        </Suspense>
      )}
    </Select.RootProvider>
  );
}

function isPrintable(event: KeyboardEvent): boolean {
  return event.key.length === 1 && event.key !== ' ' && !event.ctrlKey && !event.metaKey && !event.altKey;
}
