import { useState } from 'react';
import { mediaPublicUrl, mediaThumbnail, THUMB_HEIGHT, THUMB_WIDTH } from './media-urls';

export interface MediaThumbnailProps {
  /** The storage name of the image. */
  name: string;
  alt: string;
  /** Called once the thumbnail (or, failing that, the original) has loaded, or failed for good. */
  onShown?: (loaded: boolean) => void;
}

/**
 * A library image's cropped thumbnail, loaded lazily; the original when the transformation
 * endpoint has none for it.
 */
export function MediaThumbnail({ name, alt, onShown }: MediaThumbnailProps) {
  const [thumb, setThumb] = useState(() => mediaThumbnail(name));
  const url = mediaPublicUrl(name);
  return (
    <img
      src={thumb.src}
      srcSet={thumb.srcSet || undefined}
      width={THUMB_WIDTH}
      height={THUMB_HEIGHT}
      loading="lazy"
      decoding="async"
      alt={alt}
      onLoad={() => {
        onShown?.(true);
      }}
      onError={() => {
        if (thumb.src !== url) setThumb({ src: url, srcSet: '' });
        else onShown?.(false);
      }}
    />
  );
}
