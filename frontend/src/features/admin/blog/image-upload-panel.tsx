import { useRef, useState, type ChangeEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { useUploadBlogImage } from '@/features/admin/shared/upload-image';
import { errorToast } from '@/features/admin/shared/error-toast';
import { AdminCard } from '@/features/admin/shared/admin-card';

/** Upload images to blog-images; each uploaded URL is listed and copied on click. */
export function ImageUploadPanel() {
  const upload = useUploadBlogImage();
  const [urls, setUrls] = useState<string[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (url) => {
        setUrls((current) => [url, ...current]);
        toast({ title: 'Image uploaded! Click the URL below to copy it.' });
      },
      onError: errorToast('Upload failed'),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = '';
      },
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
      <div className="admin-field">
        <label htmlFor="blog-image-upload">Image file</label>
        <input
          ref={inputRef}
          id="blog-image-upload"
          type="file"
          accept="image/*"
          onChange={onChange}
          disabled={upload.isPending}
          aria-describedby="blog-image-hint"
        />
        <p id="blog-image-hint" className="admin-muted">
          {upload.isPending ? 'Uploading...' : 'PNG, JPG, WEBP up to 10MB'}
        </p>
      </div>
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
