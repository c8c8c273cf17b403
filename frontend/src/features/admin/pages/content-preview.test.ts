import { describe, expect, it } from 'vitest';
import { contentPreview, stripMarkup } from './content-preview';

describe('contentPreview', () => {
  it('shows "No content yet" for empty or markup-only content', () => {
    expect(contentPreview(null)).toBe('No content yet');
    expect(contentPreview('')).toBe('No content yet');
    expect(contentPreview('<p><br></p>')).toBe('No content yet');
  });

  it('strips markup and keeps the first 50 characters', () => {
    const html = `<h1>Hello</h1><p>${'x'.repeat(100)}</p>`;
    const preview = contentPreview(html);
    expect(preview).toHaveLength(50);
    expect(preview.startsWith('Hello x')).toBe(true);
    expect(preview).not.toContain('<');
  });

  it('decodes entities and drops scripts', () => {
    expect(stripMarkup('<p>A &amp; B&nbsp;C</p><script>alert(1)</script>')).toBe('A & B C');
  });
});
