import { describe, expect, it } from 'vitest';
import { isPreviewReady, PREVIEW_READY, previewFromMessage } from './preview-message';

const ORIGIN = 'https://claimbridge.example';
const blocks = [{ id: 'a', kind: 'faq', data: { title: 'Questions' } }];

describe('preview messages', () => {
  it('takes the editor’s page from this site only', () => {
    const data = { type: 'claimbridge:block-preview', route: '/webinar', blocks };
    expect(previewFromMessage({ origin: ORIGIN, data }, ORIGIN)).toEqual({ route: '/webinar', blocks });
    expect(previewFromMessage({ origin: 'https://evil.example', data }, ORIGIN)).toBeNull();
  });

  it('refuses messages of another shape', () => {
    for (const data of [
      null,
      'claimbridge:block-preview',
      { type: 'other', route: '/x', blocks },
      { type: 'claimbridge:block-preview', route: 1, blocks },
      { type: 'claimbridge:block-preview', route: '/x', blocks: {} },
    ]) {
      expect(previewFromMessage({ origin: ORIGIN, data }, ORIGIN)).toBeNull();
    }
  });

  it('drops entries that are no blocks', () => {
    const data = { type: 'claimbridge:block-preview', route: '/x', blocks: [...blocks, 42, { id: 'b' }] };
    expect(previewFromMessage({ origin: ORIGIN, data }, ORIGIN)?.blocks).toEqual(blocks);
  });

  it('hears the frame’s ready only from this site', () => {
    expect(isPreviewReady({ origin: ORIGIN, data: PREVIEW_READY }, ORIGIN)).toBe(true);
    expect(isPreviewReady({ origin: 'https://evil.example', data: PREVIEW_READY }, ORIGIN)).toBe(false);
    expect(isPreviewReady({ origin: ORIGIN, data: { type: 'nope' } }, ORIGIN)).toBe(false);
  });
});
