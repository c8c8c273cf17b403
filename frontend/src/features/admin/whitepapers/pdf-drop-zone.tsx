import { FileDropZone, UploadProgress } from '@/features/admin/shared/file-drop-zone';
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
  const errorId = `${id}-error`;

  const percent = progress === null ? null : Math.round(progress * 100);

  return (
    <div className="admin-field">
      <span className="admin-label" id={`${id}-label`}>
        PDF file
      </span>
      <FileDropZone
        inputId={id}
        inputLabelledBy={`${id}-label`}
        prompt="Drag and drop a PDF here, or"
        buttonLabel="Choose PDF"
        accept="application/pdf,.pdf"
        disabled={disabled}
        errorId={error ? errorId : undefined}
        hint={`PDF only, up to ${formatFileSize(MAX_PDF_BYTES)}. The page count is read from the file.`}
        onFiles={([dropped]) => {
          if (dropped) onFile(dropped);
        }}
      />
      {error && (
        <p id={errorId} className="admin-error admin-drop__message" role="alert">
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
      {percent !== null && <UploadProgress percent={percent}>Uploading… {percent}%</UploadProgress>}
    </div>
  );
}
