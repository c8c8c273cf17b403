import { useQuery } from '@tanstack/react-query';
import { FileChooserButton } from '@/features/admin/shared/file-drop-zone';
import { AdminEmpty } from '@/features/admin/shared/admin-empty';
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminLoading } from '@/features/admin/shared/admin-loading';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { useFileDrop } from '@/features/admin/shared/use-file-drop';
import { mediaDetailsQuery } from './media-details-query';
import { mediaFilesQuery } from './media-files-query';
import { IMAGE_TYPES, imageFileProblem, MAX_ALT_TEXT } from './media-facts';
import { libraryImages, resultsSummary, searchImages, type LibraryImage } from './media-search';
import { MediaThumbnail } from './media-thumbnail';
import { mediaNameOfUrl, mediaPublicUrl } from './media-urls';
import { useSaveAltText } from './save-alt-text';
import { useUploadMedia } from './upload-media';
import './media-picker.css';

/** An image chosen in the picker: its public URL and the alt text to show it with. */
export interface PickedImage {
  url: string;
  alt: string;
}

export interface MediaPickerProps {
  open: boolean;
  /** Cancel, Escape, the close button or the backdrop. */
  onClose: () => void;
  /** "Use this image": the chosen image. The caller closes the picker. */
  onPick: (image: PickedImage) => void;
  /** The URL the field holds now: that image starts selected when it is in the library. */
  currentUrl?: string;
  /** The field's alt text now: offered for the current image when the library has none. */
  currentAlt?: string;
}

/**
 * The media library as a dialog, wherever an image goes: browse and search the images (by name
 * and alt text), upload one in place, select one (a radio group: arrow keys, Home, End) and
 * give it alt text, which is required and saved with the image in the library.
 */
export function MediaPicker({ open, onClose, onPick, currentUrl = '', currentAlt = '' }: MediaPickerProps) {
  const searchRef = useRef<HTMLInputElement>(null);
  return (
    // React passes the dialog's key events on to the components around the picker, through the
    // portal: an enclosing dialog (Page SEO's) would keep Tab in its own content, inert meanwhile.
    <div
      className="media-picker__keys"
      onKeyDown={(event) => {
        event.stopPropagation();
      }}
    >
      <Dialog
        open={open}
        onClose={onClose}
        title="Choose an image"
        description="Search the library or upload an image, select it, then describe it in its alt text."
        className="admin-dialog media-picker"
        initialFocusRef={searchRef}
      >
        <MediaPickerBody
          searchRef={searchRef}
          onPick={onPick}
          onClose={onClose}
          currentUrl={currentUrl}
          currentAlt={currentAlt}
        />
      </Dialog>
    </div>
  );
}

/** The index an arrow, Home or End key moves to in a radio group of `count` (wrapping), or null. */
function steppedTo(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

interface Progress {
  fileName: string;
  percent: number;
}

type MediaPickerBodyProps = Required<Omit<MediaPickerProps, 'open'>> & {
  searchRef: RefObject<HTMLInputElement | null>;
};

/** The picker's content: mounted each time it opens, so every opening starts afresh. */
function MediaPickerBody({ searchRef, onPick, onClose, currentUrl, currentAlt }: MediaPickerBodyProps) {
  const baseId = useId();
  const files = useQuery(mediaFilesQuery());
  const details = useQuery(mediaDetailsQuery());
  const upload = useUploadMedia();
  const saveAlt = useSaveAltText();
  const radios = useRef(new Map<string, HTMLButtonElement>());
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string | null>(null);
  // An upload is selected before the list has it again: its name until then.
  const [uploaded, setUploaded] = useState<LibraryImage | null>(null);
  // The alt text typed for the selected image (null: untouched, the stored one is shown).
  const [altDraft, setAltDraft] = useState<string | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [notice, setNotice] = useState('');
  const altId = `${baseId}-alt`;

  const images = libraryImages(files.data ?? [], details.data ?? new Map());
  const shown = searchImages(images, query);
  const current = mediaNameOfUrl(currentUrl);
  const selected = chosen ?? (images.some((image) => image.name === current) ? current : null);
  const selectedImage =
    images.find((image) => image.name === selected) ?? (uploaded?.name === selected ? uploaded : undefined);
  const storedAlt = selectedImage?.altText ?? '';
  const alt = altDraft ?? (storedAlt || (selected === current ? currentAlt : ''));
  const busy = progress !== null;
  const described = selectedImage !== undefined && alt.trim() !== '';
  const ready = described && !busy && !saveAlt.isPending;
  // Why "Use this image" is not enabled yet.
  const gate = described
    ? null
    : selectedImage
      ? 'Add alt text to use this image.'
      : 'Select an image, then add its alt text.';
  const tabStop = shown.some((image) => image.name === selected) ? selected : shown[0]?.name;

  const select = (name: string) => {
    setChosen(name);
    setAltDraft(null);
    setNotice('');
  };

  const onGridKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = shown.findIndex((image) => radios.current.get(image.name) === event.target);
    const next = index < 0 ? null : steppedTo(event.key, index, shown.length);
    const target = next === null ? undefined : shown[next];
    if (!target) return;
    event.preventDefault();
    select(target.name);
    radios.current.get(target.name)?.focus();
  };

  const uploadFile = async (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return;
    }
    setProgress({ fileName: file.name, percent: 0 });
    try {
      const result = await upload.mutateAsync({
        file,
        onProgress: (fraction) => {
          setProgress({ fileName: file.name, percent: Math.round(fraction * 100) });
        },
      });
      for (const warning of result.warnings) {
        toast({ title: 'Image uploaded with a problem', description: warning, variant: 'destructive' });
      }
      flushSync(() => {
        setQuery('');
        setUploaded({ name: result.name, title: file.name, altText: '' });
        select(result.name);
        setNotice(`${file.name} is uploaded and selected. Describe it in its alt text.`);
      });
      // The alt text is what the admin does next.
      document.getElementById(altId)?.focus();
    } catch (error) {
      toast({ title: 'Upload failed', description: `${file.name}: ${errorMessage(error)}`, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  };

  const { dragging, dropHandlers } = useFileDrop(busy, ([file]) => {
    if (file) void uploadFile(file);
  });

  const use = async () => {
    if (!ready || selected === null) return;
    const text = alt.trim();
    if (text !== storedAlt) {
      try {
        await saveAlt.mutateAsync({ name: selected, altText: text });
      } catch (error) {
        // The image is still used with this alt text; only the library keeps the old one.
        toast({
          title: 'Alt text not saved in the library',
          description: `${errorMessage(error)} The image is used with your alt text all the same.`,
          variant: 'destructive',
        });
      }
    }
    onPick({ url: mediaPublicUrl(selected), alt: text });
  };

  const status = progress
    ? `Uploading ${progress.fileName}… ${progress.percent}%`
    : notice || (files.isSuccess ? resultsSummary(shown.length, images.length, query) : '');

  return (
    <div className={`media-picker__body${dragging ? ' media-picker__body--drop' : ''}`} {...dropHandlers}>
      <div className="media-picker__toolbar">
        <div className="admin-field media-picker__search">
          <label htmlFor={`${baseId}-search`}>Search images</label>
          <input
            ref={searchRef}
            id={`${baseId}-search`}
            type="search"
            value={query}
            placeholder="File name or alt text"
            onChange={(event) => {
              setQuery(event.target.value);
              setNotice('');
            }}
          />
        </div>
        <div className="media-picker__upload">
          <FileChooserButton
            accept={IMAGE_TYPES.join(',')}
            inputLabel="Image file"
            disabled={busy}
            describedBy={`${baseId}-hint`}
            onFiles={([file]) => {
              if (file) void uploadFile(file);
            }}
          >
            Upload image
          </FileChooserButton>
          <p id={`${baseId}-hint`} className="admin-muted">
            PNG, JPG, WEBP up to 10MB
          </p>
        </div>
      </div>
      {progress && <progress max={100} value={progress.percent} aria-label="Upload progress" />}
      <p role="status" className="media-picker__status">
        {status}
      </p>

      {files.isPending ? (
        <AdminLoading>Loading images...</AdminLoading>
      ) : files.isError ? (
        <div className="media-picker__empty">
          <p className="admin-error">The images could not be listed: {errorMessage(files.error)}</p>
          <AdminButton onClick={() => void files.refetch()}>Try again</AdminButton>
        </div>
      ) : images.length === 0 ? (
        <AdminEmpty>No images yet. Upload the first one.</AdminEmpty>
      ) : shown.length === 0 ? (
        <AdminEmpty>No images match “{query.trim()}”.</AdminEmpty>
      ) : (
        <div role="radiogroup" aria-label="Images" className="media-picker__grid" onKeyDown={onGridKeyDown}>
          {shown.map((image) => (
            <button
              key={image.name}
              ref={(element) => {
                if (element) radios.current.set(image.name, element);
                return () => {
                  radios.current.delete(image.name);
                };
              }}
              type="button"
              role="radio"
              aria-checked={image.name === selected}
              tabIndex={image.name === tabStop ? 0 : -1}
              className="media-picker__item"
              onClick={() => {
                select(image.name);
              }}
            >
              <MediaThumbnail name={image.name} alt="" />
              <span className="media-picker__name">{image.title}</span>
              <span className="media-picker__alt">{image.altText || 'No alt text yet'}</span>
            </button>
          ))}
        </div>
      )}

      {selectedImage && (
        <div className="media-picker__selected">
          <p className="media-picker__chosen">
            Selected: <strong>{selectedImage.title}</strong>
          </p>
          <AdminTextField
            id={altId}
            label="Alt text"
            required
            value={alt}
            maxLength={MAX_ALT_TEXT}
            hint="Describe the image for people who cannot see it. It is saved with the image in the library."
            onChange={setAltDraft}
          />
        </div>
      )}
      <div className="media-picker__actions">
        {gate && (
          <p id={`${baseId}-gate`} className="admin-muted">
            {gate}
          </p>
        )}
        <div className="admin-actions admin-actions--end">
          <AdminButton onClick={onClose}>Cancel</AdminButton>
          <AdminButton
            variant="primary"
            disabled={!ready}
            aria-describedby={gate ? `${baseId}-gate` : undefined}
            onClick={() => void use()}
          >
            {saveAlt.isPending ? 'Saving...' : 'Use this image'}
          </AdminButton>
        </div>
      </div>
    </div>
  );
}
