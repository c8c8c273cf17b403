import { useCallback, useState, type ReactNode } from 'react';
import { MediaPicker, type PickedImage } from './media-picker';

/**
 * The picker asked for from code (a rich text editor's image button): `pickImage()` opens it and
 * resolves to the chosen image, or null when it is closed without one; render `mediaPicker`.
 */
export function useMediaPicker(): { pickImage: () => Promise<PickedImage | null>; mediaPicker: ReactNode } {
  const [pending, setPending] = useState<((image: PickedImage | null) => void) | null>(null);

  const pickImage = useCallback(
    () =>
      new Promise<PickedImage | null>((resolve) => {
        setPending(() => resolve);
      }),
    [],
  );

  const finish = (image: PickedImage | null) => {
    pending?.(image);
    setPending(null);
  };

  return {
    pickImage,
    mediaPicker: (
      <MediaPicker
        open={pending !== null}
        onClose={() => {
          finish(null);
        }}
        onPick={finish}
      />
    ),
  };
}
