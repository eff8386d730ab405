import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileField, type UploadedFile, type UploadFile } from './FileField';
import { extendForm } from './textForm';

const { useAppForm } = extendForm({ fieldComponents: { FileField } });

const TYPES = ['jpeg', 'jpg', 'png', 'pdf'];
const MB = 1024 * 1024;

/** An upload the test drives: each call waits until the test reports progress, then resolves or fails it. */
function controlledUpload() {
  const calls: Array<{
    file: File;
    onProgress: (fraction: number) => void;
    signal: AbortSignal;
    resolve: (key: string) => void;
    reject: () => void;
  }> = [];
  const upload = vi.fn<UploadFile>(
    (file, { onProgress, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({
          file,
          onProgress,
          signal,
          resolve: (key) => resolve({ key }),
          reject: () => reject(new Error('network down')),
        });
      }),
  );
  return { upload, calls };
}

function ProofForm({
  upload,
  onSubmit,
}: {
  upload: UploadFile;
  onSubmit: (proof: UploadedFile | null) => void;
}) {
  const form = useAppForm({
    defaultValues: { proof: null as UploadedFile | null },
    onSubmit: ({ value }) => onSubmit(value.proof),
  });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <form.AppField name="proof">
        {(field) => (
          <field.FileField
            label="PAN card"
            hint="A photo or scan of the front"
            accept={TYPES}
            maxSize={MB}
            upload={upload}
            required
          />
        )}
      </form.AppField>
      <button type="submit">Send</button>
    </form>
  );
}

const fileInput = () => screen.getByLabelText(/^PAN card/, { selector: 'input' });
const pan = () => new File(['jpeg bytes'], 'pan.jpg', { type: 'image/jpeg' });

describe('FileField', () => {
  it('is a labelled button that says what it takes, and Enter opens the file picker', async () => {
    const user = userEvent.setup();
    render(<ProofForm upload={controlledUpload().upload} onSubmit={vi.fn()} />);
    const dropzone = screen.getByRole('button', { name: 'PAN card Choose a file or drop it here' });
    expect(dropzone).toHaveAccessibleDescription(
      'A photo or scan of the front JPEG, JPG, PNG or PDF, up to 1 MB',
    );

    const picker = vi.spyOn(fileInput(), 'click');
    await user.tab();
    expect(dropzone).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(picker).toHaveBeenCalled());
  });

  it('refuses a file of another type before uploading, and says which types it takes', async () => {
    // A drop, or a picker set to "all files", lets any type through to the field's own check.
    const user = userEvent.setup({ applyAccept: false });
    const { upload } = controlledUpload();
    render(<ProofForm upload={upload} onSubmit={vi.fn()} />);
    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));

    expect(screen.getByRole('alert')).toHaveTextContent('notes.txt is not a JPEG, JPG, PNG or PDF file.');
    expect(screen.getByRole('button', { name: /PAN card/ })).toHaveAttribute('aria-invalid', 'true');
    expect(upload).not.toHaveBeenCalled();
  });

  it('refuses a file over the size limit before uploading', async () => {
    const user = userEvent.setup();
    const { upload } = controlledUpload();
    render(<ProofForm upload={upload} onSubmit={vi.fn()} />);
    const big = new File([new Uint8Array(2 * MB)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(fileInput(), big);

    expect(screen.getByRole('alert')).toHaveTextContent('scan.pdf is 2 MB; the largest allowed is 1 MB.');
    expect(upload).not.toHaveBeenCalled();
  });

  it('shows the upload progress, then the uploaded file, which the form submits as its key', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUpload();
    const onSubmit = vi.fn();
    render(<ProofForm upload={upload} onSubmit={onSubmit} />);
    await user.upload(fileInput(), pan());

    expect(upload).toHaveBeenCalledTimes(1);
    const progress = screen.getByRole('progressbar', { name: 'Uploading pan.jpg' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    act(() => calls[0]?.onProgress(0.4));
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    expect(progress).toHaveAttribute('aria-valuetext', '40%');

    act(() => calls[0]?.resolve('uploads/pan-1.jpg'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        key: 'uploads/pan-1.jpg',
        name: 'pan.jpg',
        size: 10,
        type: 'image/jpeg',
      }),
    );
  });

  it('says when an upload failed and uploads the same file again on Retry', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUpload();
    const onSubmit = vi.fn();
    render(<ProofForm upload={upload} onSubmit={onSubmit} />);
    await user.upload(fileInput(), pan());
    act(() => calls[0]?.reject());

    expect(await screen.findByRole('alert')).toHaveTextContent('The upload failed.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(upload).toHaveBeenCalledTimes(2);
    expect(calls[1]?.file.name).toBe('pan.jpg');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getByRole('progressbar', { name: 'Uploading pan.jpg' })).toBeInTheDocument();

    act(() => calls[1]?.resolve('uploads/pan-2.jpg'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ key: 'uploads/pan-2.jpg' })),
    );
  });

  it('removes the file, stopping an upload under way, and gives focus back to the field', async () => {
    const user = userEvent.setup();
    const { upload, calls } = controlledUpload();
    const onSubmit = vi.fn();
    render(<ProofForm upload={upload} onSubmit={onSubmit} />);
    await user.upload(fileInput(), pan());
    const signal = calls[0]?.signal;

    await user.click(screen.getByRole('button', { name: 'Remove pan.jpg' }));
    expect(signal?.aborted).toBe(true);
    expect(screen.queryByText('pan.jpg')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PAN card Choose a file or drop it here' })).toHaveFocus();

    await user.upload(fileInput(), pan());
    act(() => calls[1]?.resolve('uploads/pan-3.jpg'));
    expect(await screen.findByText('Uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove pan.jpg' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(null));
  });
});
