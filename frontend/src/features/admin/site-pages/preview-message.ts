import { asBlocks, type Block } from '@/components/blocks/block';

/** The path of the editor's preview frame (an admin route: the server lets only it be framed). */
export const PREVIEW_FRAME_PATH = '/admin/site-pages/preview-frame';

/** The editor's message to its frame: the page to draw now. */
export interface PreviewBlocksMessage {
  type: 'claimbridge:block-preview';
  route: string;
  blocks: Block[];
}

/** The frame's message to the editor: it is listening (send the page). */
export interface PreviewReadyMessage {
  type: 'claimbridge:block-preview-ready';
}

export const PREVIEW_READY: PreviewReadyMessage = { type: 'claimbridge:block-preview-ready' };

/**
 * The page a message carries, when it comes from this site (`origin`, the receiver's own) and
 * has the editor's shape; null for anything else (another site's window, an extension's post).
 */
export function previewFromMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): { route: string; blocks: Block[] } | null {
  if (event.origin !== origin) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, route, blocks } = data as Partial<Record<keyof PreviewBlocksMessage, unknown>>;
  if (type !== 'claimbridge:block-preview' || typeof route !== 'string' || !Array.isArray(blocks)) return null;
  return { route, blocks: asBlocks(blocks) };
}

/** Whether a message is this site's frame saying it listens. */
export function isPreviewReady(event: Pick<MessageEvent, 'origin' | 'data'>, origin: string): boolean {
  if (event.origin !== origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === PREVIEW_READY.type;
}
