import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Block } from '@/components/blocks/block-schema';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { isPreviewReady, PREVIEW_FRAME_PATH, type PreviewBlocksMessage } from './preview-message';

type Width = 'phone' | 'desktop';
const WIDTHS = [
  ['phone', 'Phone (375 px)'],
  ['desktop', 'Desktop (1280 px)'],
] as const satisfies ReadonlyArray<readonly [Width, string]>;
const FRAME_WIDTH: Record<Width, number> = { phone: 375, desktop: 1280 };
/** The frame's height at its own width (a desktop frame is scaled down to fit, height included). */
const FRAME_HEIGHT = 760;

/** The width of an element, followed as it changes. */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(node);
    return () => {
      observer.disconnect();
    };
  }, [element]);
  return width;
}

/**
 * The page as it is being edited, in an iframe of the site's own look at a phone's or a desktop's
 * width (a desktop scaled down to the column). The blocks go to the frame by postMessage, to this
 * site's origin only; the frame says when it listens, and gets the page again then.
 */
export function BlockPreview({ route, blocks }: { route: string; blocks: Block[] }) {
  const [width, setWidth] = useState<Width>('phone');
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const available = useWidth(box);
  // The page the frame shows: sent on each change, and again when a (re)loaded frame asks.
  const latest = useRef<PreviewBlocksMessage | null>(null);
  const send = useCallback(() => {
    if (latest.current) frame.current?.contentWindow?.postMessage(latest.current, window.location.origin);
  }, []);

  useEffect(() => {
    latest.current = { type: 'claimbridge:block-preview', route, blocks };
    send();
  }, [route, blocks, send]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow || !isPreviewReady(event, window.location.origin)) return;
      send();
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
    };
  }, [send]);

  const frameWidth = FRAME_WIDTH[width];
  const scale = available > 0 ? Math.min(1, available / frameWidth) : 1;
  // A scaled-down desktop frame is taller inside, so the box shows as much of the page as a phone's.
  const frameHeight = Math.round(FRAME_HEIGHT / Math.max(scale, 0.25));

  return (
    <section className="admin-card block-preview" aria-labelledby="block-preview-title">
      <div className="block-preview__head">
        <h2 id="block-preview-title" className="admin-card__title">
          Preview
        </h2>
        <div className="block-preview__widths" role="group" aria-label="Preview width">
          {WIDTHS.map(([value, label]) => (
            <AdminButton
              key={value}
              aria-pressed={value === width}
              onClick={() => {
                setWidth(value);
              }}
            >
              {label}
            </AdminButton>
          ))}
        </div>
      </div>
      <p className="admin-muted">
        {width === 'desktop' && scale < 1
          ? `As it looks 1280 px wide, shown at ${Math.round(scale * 100)}%.`
          : `As it looks ${frameWidth} px wide.`}{' '}
        Unsaved changes show here as you type.
      </p>
      <div ref={box} className="block-preview__box" style={{ height: frameHeight * scale }}>
        <iframe
          ref={frame}
          className="block-preview__frame"
          title={`Preview of the page at ${frameWidth} px`}
          src={PREVIEW_FRAME_PATH}
          width={frameWidth}
          height={frameHeight}
          style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}
          onLoad={send}
        />
      </div>
    </section>
  );
}
