import { useRef, type ReactNode } from 'react';
import { AdminButton } from './admin-button';
import { useFileDrop } from './use-file-drop';

export interface FileDropZoneProps {
  /** The hidden file input's id (a <label htmlFor> elsewhere may name it). */
  inputId: string;
  /** The file input's accessible name when no label names it ("Image file"). */
  inputLabel?: string;
  /** Or the id of the element that names it. */
  inputLabelledBy?: string;
  /** Above the button: "Drag and drop images here, or". */
  prompt: string;
  /** The button that opens the file chooser (the keyboard's way in): "Choose images". */
  buttonLabel: string;
  accept: string;
  multiple?: boolean;
  /** What may be uploaded, under the button (it describes the button). */
  hint: ReactNode;
  /** The id of a refusal shown elsewhere, which also describes the button. */
  errorId?: string;
  disabled: boolean;
  /** The screen's main action: a primary button. */
  primary?: boolean;
  onFiles: (files: File[]) => void;
  /** For browser tests that drop files on the zone. */
  testId?: string;
}

/**
 * The admin's one upload control: a zone that takes dropped files, and a button that opens the
 * file chooser (the input itself is hidden: a native "Choose File" reads differently in every
 * browser). Every screen that uploads (media, the blog's upload panel, whitepaper PDFs) uses it.
 */
export function FileDropZone({
  inputId,
  inputLabel,
  inputLabelledBy,
  prompt,
  buttonLabel,
  accept,
  multiple = false,
  hint,
  errorId,
  disabled,
  primary = false,
  onFiles,
  testId,
}: FileDropZoneProps) {
  const hintId = `${inputId}-hint`;
  const { dragging, dropHandlers } = useFileDrop(disabled, onFiles);
  const classes = ['admin-drop', dragging && 'admin-drop--active', errorId && 'admin-drop--error'].filter(Boolean);

  return (
    <div className={classes.join(' ')} data-testid={testId} {...dropHandlers}>
      <p className="admin-drop__text">{prompt}</p>
      <FileChooserButton
        inputId={inputId}
        inputLabel={inputLabel}
        inputLabelledBy={inputLabelledBy}
        accept={accept}
        multiple={multiple}
        primary={primary}
        disabled={disabled}
        describedBy={errorId ? `${hintId} ${errorId}` : hintId}
        onFiles={onFiles}
      >
        {buttonLabel}
      </FileChooserButton>
      <p id={hintId} className="admin-muted">
        {hint}
      </p>
    </div>
  );
}

export interface FileChooserButtonProps {
  inputId?: string;
  inputLabel?: string;
  inputLabelledBy?: string;
  accept: string;
  multiple?: boolean;
  primary?: boolean;
  disabled: boolean;
  /** The ids of the notes that describe the button (its hint, a refusal). */
  describedBy?: string;
  onFiles: (files: File[]) => void;
  children: ReactNode;
}

/**
 * A button that opens the file chooser (the keyboard's way to upload), its file input hidden; the
 * input is cleared after each choice so choosing the same file again (after a refusal) fires again.
 */
export function FileChooserButton({
  inputId,
  inputLabel,
  inputLabelledBy,
  accept,
  multiple = false,
  primary = false,
  disabled,
  describedBy,
  onFiles,
  children,
}: FileChooserButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <AdminButton
        variant={primary ? 'primary' : 'plain'}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => inputRef.current?.click()}
      >
        {children}
      </AdminButton>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        multiple={multiple}
        accept={accept}
        className="visually-hidden"
        tabIndex={-1}
        aria-label={inputLabel}
        aria-labelledby={inputLabelledBy}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

/** An upload's progress bar and its words, announced as they change. */
export function UploadProgress({ percent, children }: { percent: number; children: ReactNode }) {
  return (
    <div className="admin-progress">
      <progress max={100} value={percent} aria-label="Upload progress" />
      <span role="status">{children}</span>
    </div>
  );
}
