import { useRef, type ChangeEvent } from 'react';
import { useFileDrop } from '@/features/admin/shared/use-file-drop';
import { formatFileSize } from '@/lib/file-size';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { MAX_PDF_BYTES } from './pdf-file';

export interface PdfDropZoneProps {
  id: string;
  /** The chosen file, shown with its size, or null. */
  file: File | null;
  /** Pages read from the chosen file (null: unreadable). */
  pages: number | null;
  /** Called with a dropped or picked file; the caller checks it. */
  onFile: (file: File) => void;
  onClear: () => void;
  /** The check's refusal, announced under the zone. */
  error: string | null;
  disabled: boolean;
  /** Upload progress 0..1 while saving, else null. */
  progress: number | null;
}

/** A drag-and-drop zone with a "Choose PDF" button (keyboard users use the button). */
export function PdfDropZone({ id, file, pages, onFile, onClear, error, disabled, progress }: PdfDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const { dragging, dropHandlers } = useFileDrop(disabled, ([dropped]) => {
    if (dropped) onFile(dropped);
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so picking the same file again after a refusal fires change again.
    event.target.value = '';
    if (picked) onFile(picked);
  };

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="admin-field">
      <span className="admin-label" id={`${id}-label`}>
        PDF file
      </span>
      <div
        className={`wp-drop${dragging ? ' wp-drop--active' : ''}${error ? ' wp-drop--error' : ''}`}
        {...dropHandlers}
      >
        <p className="wp-drop__text">Drag and drop a PDF here, or</p>
        <AdminButton
          disabled={disabled}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          onClick={() => inputRef.current?.click()}
        >
          Choose PDF
        </AdminButton>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept="application/pdf,.pdf"
          className="visually-hidden"
          tabIndex={-1}
          aria-labelledby={`${id}-label`}
          disabled={disabled}
          onChange={onChange}
        />
        <p id={hintId} className="admin-muted">
          PDF only, up to {formatFileSize(MAX_PDF_BYTES)}. The page count is read from the file.
        </p>
      </div>
      {error && (
        <p id={errorId} className="admin-error wp-drop__message" role="alert">
          {error}
        </p>
      )}
      {file && (
        <div className="wp-file" aria-live="polite">
          <span className="wp-file__name">{file.name}</span>
          <span className="admin-muted">
            {formatFileSize(file.size)}
            {pages !== null
              ? ` · ${pages === 1 ? '1 page' : `${pages} pages`}`
              : ' · page count not readable, enter it below'}
          </span>
          {!disabled && (
            <AdminButton className="wp-file__clear" onClick={onClear}>
              Remove file
            </AdminButton>
          )}
        </div>
      )}
      {percent !== null && (
        <div className="wp-progress">
          <progress id={`${id}-progress`} max={100} value={percent} aria-label="Upload progress" />
          <span role="status">Uploading… {percent}%</span>
        </div>
      )}
    </div>
  );
}
