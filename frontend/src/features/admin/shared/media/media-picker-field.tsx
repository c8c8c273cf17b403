import { useState, type ReactNode } from 'react';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { MediaPicker, type PickedImage } from './media-picker';
import { MediaThumbnail } from './media-thumbnail';
import { mediaNameOfUrl } from './media-urls';

export interface MediaPickerFieldProps {
  /** What the image is for, ending the button's accessible name: "Choose image for {label}". */
  label: string;
  /** The URL the field holds now: previewed, and selected when the picker opens. */
  imageUrl: string;
  /** The alt text beside it, when the URL field has an alt partner. */
  imageAlt?: string;
  /** The chosen image: fill the URL field (and its alt partner) with it. */
  onPick: (image: PickedImage) => void;
  /** The form's own text fields for the URL (and its alt text), kept as they are. */
  children: ReactNode;
}

/**
 * An image field: the form's URL (and alt text) fields, a small preview of the current image
 * and "Choose image", which opens the media library's picker.
 */
export function MediaPickerField({ label, imageUrl, imageAlt, onPick, children }: MediaPickerFieldProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="media-picker-field">
      {children}
      <div className="media-picker-field__choose">
        <ImagePreview url={imageUrl.trim()} />
        <AdminButton
          aria-label={`Choose image for ${label}`}
          onClick={() => {
            setOpen(true);
          }}
        >
          Choose image
        </AdminButton>
      </div>
      <MediaPicker
        open={open}
        onClose={() => {
          setOpen(false);
        }}
        onPick={(image) => {
          onPick(image);
          setOpen(false);
        }}
        currentUrl={imageUrl}
        currentAlt={imageAlt}
      />
    </div>
  );
}

/** The current image, small: a library image's thumbnail, any other URL as it is, or why there is none. */
function ImagePreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const name = mediaNameOfUrl(url);
  const fail = () => {
    setFailedUrl(url);
  };
  return (
    <div className="media-picker-field__preview">
      {!url ? (
        'No image'
      ) : failedUrl === url ? (
        'No preview'
      ) : name ? (
        <MediaThumbnail
          key={name}
          name={name}
          alt=""
          onShown={(loaded) => {
            if (!loaded) fail();
          }}
        />
      ) : (
        <img key={url} src={url} alt="" width={96} height={72} loading="lazy" onError={fail} />
      )}
    </div>
  );
}
