import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { formatDimensions, imageFileProblem, IMAGE_TYPES } from '@/features/admin/shared/media/media-facts';
import { useUploadMedia } from '@/features/admin/shared/media/upload-media';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { FileDropZone, UploadProgress } from '@/features/admin/shared/file-drop-zone';

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

  const percent = progress === null ? null : Math.round(progress.fraction * 100);

  return (
    <AdminCard titleId="media-upload-title" title="Upload Images">
      <FileDropZone
        inputId="media-upload-input"
        testId="media-drop-zone"
        inputLabel="Image files"
        prompt="Drag and drop images here, or"
        buttonLabel="Choose images"
        accept={IMAGE_TYPES.join(',')}
        multiple
        primary
        disabled={busy}
        hint="PNG, JPG, WEBP or GIF up to 10MB. The library lists each under its file name."
        onFiles={(files) => {
          void uploadAll(files);
        }}
      />
      {progress !== null && percent !== null && (
        <UploadProgress percent={percent}>
          Uploading {progress.fileName}
          {progress.count > 1 ? ` (${progress.index + 1} of ${progress.count})` : ''}… {percent}%
        </UploadProgress>
      )}
    </AdminCard>
  );
}
