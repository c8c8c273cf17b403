/** Pixel dimensions as the browser decodes them. */
export interface ImageSize {
  width: number;
  height: number;
}

/** The natural size of the image at `src`, or null when it does not load or decode. */
export function measureImage(src: string): Promise<ImageSize | null> {
  return new Promise((resolve) => {
    const image = new Image();
    image.decoding = 'async';
    image.onload = () => {
      resolve(
        image.naturalWidth > 0 && image.naturalHeight > 0
          ? { width: image.naturalWidth, height: image.naturalHeight }
          : null,
      );
    };
    image.onerror = () => {
      resolve(null);
    };
    image.src = src;
  });
}

/** The natural size of a chosen file, read before it is uploaded. */
export async function measureImageFile(file: Blob): Promise<ImageSize | null> {
  const url = URL.createObjectURL(file);
  try {
    return await measureImage(url);
  } finally {
    URL.revokeObjectURL(url);
  }
}
