import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { formatDimensions, imageFileProblem, IMAGE_TYPES } from '@/features/admin/shared/media/media-facts';
import { useUploadMedia } from '@/features/admin/shared/media/upload-media';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { useFileDrop } from '@/features/admin/shared/use-file-drop';

interface Progress {
  fileName: string;
  index: number;
  count: number;
  fraction: number;
}

/**
 * Upload images by drag and drop onto the zone or with the "Choose images" button (the
 * keyboard's way in); several files go one after the other, each with its progress.
 */
export function MediaUploader() {
  const upload = useUploadMedia();
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const busy = progress !== null;

  const uploadAll = async (files: File[]) => {
    const images = files.filter((file) => {
      const problem = imageFileProblem(file);
      if (problem) toast({ title: 'Upload failed', description: problem, variant: 'destructive' });
      return problem === null;
    });
    for (const [index, file] of images.entries()) {
      setProgress({ fileName: file.name, index, count: images.length, fraction: 0 });
      try {
        const uploaded = await upload.mutateAsync({
          file,
          onProgress: (fraction) => {
            setProgress((current) => (current ? { ...current, fraction } : current));
          },
        });
        const size = uploaded.width ? `, ${formatDimensions(uploaded.width, uploaded.height)}` : '';
        toast({ title: 'Image uploaded!', description: `${file.name} is in the library${size}. Copy its URL below.` });
        for (const warning of uploaded.warnings) {
          toast({ title: 'Image uploaded with a problem', description: warning, variant: 'destructive' });
        }
      } catch (error) {
        toast({ title: 'Upload failed', description: `${file.name}: ${errorMessage(error)}`, variant: 'destructive' });
      }
    }
    setProgress(null);
  };

  const { dragging, dropHandlers } = useFileDrop(busy, (files) => {
    void uploadAll(files);
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again fires change again.
    event.target.value = '';
    if (files.length > 0) void uploadAll(files);
  };

  const percent = progress === null ? null : Math.round(progress.fraction * 100);

  return (
    <AdminCard titleId="media-upload-title" title="Upload Images">
      <div
        className={`media-drop${dragging ? ' media-drop--active' : ''}`}
        data-testid="media-drop-zone"
        {...dropHandlers}
      >
        <p className="media-drop__text">Drag and drop images here, or</p>
        <AdminButton
          variant="primary"
          disabled={busy}
          aria-describedby="media-upload-hint"
          onClick={() => inputRef.current?.click()}
        >
          Choose images
        </AdminButton>
        <input
          ref={inputRef}
          id="media-upload-input"
          type="file"
          multiple
          accept={IMAGE_TYPES.join(',')}
          className="visually-hidden"
          tabIndex={-1}
          aria-label="Image files"
          disabled={busy}
          onChange={onChange}
        />
        <p id="media-upload-hint" className="admin-muted">
          PNG, JPG, WEBP or GIF up to 10MB. The library lists each under its file name.
        </p>
      </div>
      {progress !== null && percent !== null && (
        <div className="media-progress">
          <progress max={100} value={percent} aria-label="Upload progress" />
          <span role="status">
            Uploading {progress.fileName}
            {progress.count > 1 ? ` (${progress.index + 1} of ${progress.count})` : ''}… {percent}%
          </span>
        </div>
      )}
    </AdminCard>
  );
}
