import { FileUpload, useFileUpload } from '@ark-ui/react/file-upload';
import { type FocusEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../Button';
import { type FieldProps, useFieldIds, visibleError } from '../fieldError';
import { useBoundField } from './textForm';
import '../field.css';
import './FileField.css';

/** What a finished upload leaves in the form: the server's key for the file, and what the buyer chose. */
export interface UploadedFile {
  key: string;
  name: string;
  size: number;
  type: string;
}

/**
 * Sends one file and resolves with the server's key for it. It reports progress as a fraction (0–1) and stops when
 * the signal aborts; a rejection is a failed upload the buyer may retry. Features bring their endpoint through it.
 */
export type UploadFile = (
  file: File,
  options: { onProgress: (fraction: number) => void; signal: AbortSignal },
) => Promise<{ key: string }>;

type Upload =
  | { file: File; status: 'uploading'; progress: number }
  | { file: File; status: 'failed' }
  | { file: File; status: 'done' };

// The browser's accept list wants MIME types beside extensions, so a picker's type filter and a drop both check.
const MIME_TYPES: Readonly<Record<string, string>> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
};

export const UPLOAD_FAILED_TEXT = 'The upload failed. Check your connection and retry.';

/** "JPEG, JPG, PNG or PDF". */
function typeList(types: readonly string[]): string {
  const names = types.map((t) => t.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : (names[0] ?? '');
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}

function rejectionText(
  file: File,
  codes: readonly string[],
  types: readonly string[],
  maxSize: number,
): string {
  if (codes.includes('FILE_INVALID_TYPE')) return `${file.name} is not a ${typeList(types)} file.`;
  if (codes.includes('FILE_TOO_LARGE'))
    return `${file.name} is ${formatFileSize(file.size)}; the largest allowed is ${formatFileSize(maxSize)}.`;
  if (codes.includes('FILE_EXISTS')) return `${file.name} is already chosen.`;
  return `${file.name} cannot be used. Choose one ${typeList(types)} file.`;
}

export interface FileInputProps extends FieldProps<UploadedFile | null> {
  /** File types by extension, e.g. ['jpeg', 'jpg', 'png', 'pdf']. */
  accept: readonly string[];
  /** The largest file accepted, in bytes. */
  maxSize: number;
  upload: UploadFile;
}

/**
 * One file, chosen or dropped (Ark UI's FileUpload checks its type and size before anything is sent), then uploaded
 * through `upload` with its progress shown; a failed upload can be retried and any file removed.
 */
export function FileInput({
  label,
  hint,
  accept,
  maxSize,
  upload,
  value,
  onChange,
  error,
  touched = false,
  required,
  disabled,
  onBlur,
  id,
}: FileInputProps) {
  const { fieldId, labelId, hintId, errorId } = useFieldIds(id, 'file');
  const promptId = `${fieldId}-prompt`;
  const wrapperRef = useRef<HTMLDivElement>(null);

  const [current, setCurrent] = useState<Upload | null>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  // A field that goes away takes its upload with it.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = (file: File) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setRejection(null);
    setCurrent({ file, status: 'uploading', progress: 0 });
    onChangeRef.current(null);
    const onProgress = (fraction: number) => {
      if (controller.signal.aborted) return;
      const progress = Math.min(1, Math.max(0, fraction));
      setCurrent((now) => (now?.file === file && now.status === 'uploading' ? { ...now, progress } : now));
    };
    upload(file, { onProgress, signal: controller.signal }).then(
      ({ key }) => {
        if (controller.signal.aborted) return;
        setCurrent({ file, status: 'done' });
        onChangeRef.current({ key, name: file.name, size: file.size, type: file.type });
      },
      () => {
        if (controller.signal.aborted) return;
        setCurrent({ file, status: 'failed' });
      },
    );
  };

  const fileUpload = useFileUpload({
    ids: { label: labelId, dropzone: fieldId, hiddenInput: `${fieldId}-input` },
    accept: accept.flatMap((type) => [`.${type}`, MIME_TYPES[type] ?? []].flat()),
    maxFileSize: maxSize,
    maxFiles: 1,
    disabled,
    // Not `required`: the form's validators say when a file is missing, in the shop's words.
    translations: { dropzone: 'Choose a file or drop it here', deleteFile: (file) => `Remove ${file.name}` },
    // Both fire on any change of the lists, a removal included: only a new file starts an upload.
    onFileAccept: ({ files }) => {
      const file = files[0];
      if (file && file !== current?.file) start(file);
    },
    onFileReject: ({ files }) => {
      const rejected = files[0];
      if (rejected) setRejection(rejectionText(rejected.file, rejected.errors, accept, maxSize));
    },
  });

  const remove = () => {
    controllerRef.current?.abort();
    setCurrent(null);
    setRejection(null);
    onChangeRef.current(null);
    document.getElementById(fieldId)?.focus();
  };

  const onBlurCapture = (event: FocusEvent) => {
    const next = event.relatedTarget;
    if (next instanceof Node && wrapperRef.current?.contains(next)) return;
    onBlur?.();
  };

  const failed = current?.status === 'failed';
  const message = rejection ?? (failed ? UPLOAD_FAILED_TEXT : null) ?? visibleError(error, touched);
  const describedBy = [hint ? hintId : null, `${fieldId}-limits`, message ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const percent = current?.status === 'uploading' ? Math.round(current.progress * 100) : 0;

  return (
    <FileUpload.RootProvider
      value={fileUpload}
      ref={wrapperRef}
      className={['ui-field', 'ui-file', message && 'ui-field--invalid', disabled && 'ui-field--disabled']
        .filter(Boolean)
        .join(' ')}
      onBlurCapture={onBlurCapture}
    >
      <FileUpload.Label className="ui-field__label">
        {label}
        {required && (
          <span className="ui-field__required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </FileUpload.Label>
      <FileUpload.Dropzone
        className="ui-file__dropzone"
        aria-labelledby={`${labelId} ${promptId}`}
        aria-describedby={describedBy}
        aria-invalid={message ? true : undefined}
      >
        <span id={promptId} className="ui-file__prompt">
          {current ? 'Choose another file or drop it here' : 'Choose a file or drop it here'}
        </span>
        <span id={`${fieldId}-limits`} className="ui-file__limits">
          {`${typeList(accept)}, up to ${formatFileSize(maxSize)}`}
        </span>
      </FileUpload.Dropzone>
      <FileUpload.HiddenInput />
      {current && (
        <FileUpload.ItemGroup className="ui-file__items">
          <FileUpload.Item file={current.file} className="ui-file__item">
            <span className="ui-file__name-line">
              <FileUpload.ItemName className="ui-file__name">{current.file.name}</FileUpload.ItemName>
              <FileUpload.ItemSizeText className="ui-file__size">
                {formatFileSize(current.file.size)}
              </FileUpload.ItemSizeText>
            </span>
            {current.status === 'uploading' && (
              <div
                className="ui-file__progress"
                role="progressbar"
                aria-label={`Uploading ${current.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent}%`}
              >
                <span className="ui-file__progress-bar" style={{ width: `${percent}%` }} />
              </div>
            )}
            <span className="ui-file__status" role="status">
              {current.status === 'done' ? 'Uploaded' : current.status === 'uploading' ? `${percent}%` : ''}
            </span>
            <span className="ui-file__actions">
              {failed && (
                <Button size="s" variant="secondary" onClick={() => start(current.file)}>
                  Retry
                </Button>
              )}
              <FileUpload.ItemDeleteTrigger className="ui-file__remove" onClick={remove}>
                Remove
              </FileUpload.ItemDeleteTrigger>
            </span>
          </FileUpload.Item>
        </FileUpload.ItemGroup>
      )}
      {value && !current && (
        <div className="ui-file__items">
          <div className="ui-file__item">
            <span className="ui-file__name-line">
              <span className="ui-file__name">{value.name}</span>
              <span className="ui-file__size">{formatFileSize(value.size)}</span>
            </span>
            <span className="ui-file__status">Uploaded</span>
            <span className="ui-file__actions">
              <button
                type="button"
                className="ui-file__remove"
                aria-label={`Remove ${value.name}`}
                onClick={remove}
              >
                Remove
              </button>
            </span>
          </div>
        </div>
      )}
      {hint && (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      )}
      {/* Always present and live, so a refusal or a failed upload is read out as it appears. */}
      <p id={errorId} className="ui-field__error" role="alert">
        {message}
      </p>
    </FileUpload.RootProvider>
  );
}

export type FileFieldProps = Omit<FileInputProps, 'value' | 'onChange' | 'error' | 'touched' | 'onBlur'>;

/** A FileInput bound to a form field holding the uploaded file (null until an upload finishes). */
export function FileField(props: FileFieldProps) {
  const { field, value, change, error, touched } = useBoundField<UploadedFile | null>();
  return (
    <FileInput
      {...props}
      value={value}
      onChange={change}
      error={error}
      touched={touched}
      onBlur={field.handleBlur}
    />
  );
}
