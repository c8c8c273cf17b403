import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useUploadBlogImage } from '@/features/admin/shared/upload-image';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';
import { FileDropZone } from '@/features/admin/shared/file-drop-zone';

/** The spec's upload panel: an image goes to the library; each uploaded URL is listed and copied on click. */
export function ImageUploadPanel() {
  const upload = useUploadBlogImage();
  const [urls, setUrls] = useState<string[]>([]);

  const onFiles = ([file]: File[]) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (url) => {
        setUrls((current) => [url, ...current]);
        toast({ title: 'Image uploaded! Click the URL below to copy it.' });
      },
      onError: errorToast('Upload failed'),
    });
  };

  const copy = (url: string) => {
    void navigator.clipboard.writeText(url).then(
      () => {
        toast({ title: 'URL copied! Paste it in your blog content.' });
      },
      () => {
        toast({ title: 'Error', description: 'Could not copy the URL.', variant: 'destructive' });
      },
    );
  };

  return (
    <AdminCard titleId="image-upload-title" title="Upload Images">
      <FileDropZone
        inputId="blog-image-upload"
        inputLabel="Image file"
        prompt="Drag and drop an image here, or"
        buttonLabel={upload.isPending ? 'Uploading...' : 'Choose image'}
        accept="image/*"
        disabled={upload.isPending}
        hint="PNG, JPG, WEBP up to 10MB"
        onFiles={onFiles}
      />
      {urls.length > 0 && (
        <ul className="admin-url-list" aria-label="Uploaded images">
          {urls.map((url) => (
            <li key={url}>
              <button
                type="button"
                className="admin-url"
                onClick={() => {
                  copy(url);
                }}
              >
                {url}
              </button>
            </li>
          ))}
        </ul>
      )}
    </AdminCard>
  );
}
