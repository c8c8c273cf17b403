import { useState, type DragEvent } from 'react';

/**
 * Files dropped on a zone: whether files are being dragged over it, and the zone's drag
 * handlers (a drag of anything but files, or any drag while `disabled`, is left alone).
 */
export function useFileDrop(disabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);

  const onDragOver = (event: DragEvent<HTMLElement>) => {
    if (disabled || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  const dropHandlers = {
    onDragOver,
    onDragEnter: onDragOver,
    onDragLeave: () => {
      setDragging(false);
    },
    onDrop: (event: DragEvent<HTMLElement>) => {
      event.preventDefault();
      setDragging(false);
      const files = Array.from(event.dataTransfer.files);
      if (!disabled && files.length > 0) onFiles(files);
    },
  };
  return { dragging, dropHandlers };
}
