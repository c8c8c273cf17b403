import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichTextBlock } from './rich-text-block';

const HTML = [
  '<h2>Why oxygen claims stall</h2>',
  '<p>Most <strong>E1390</strong> denials trace back to a missing or stale CMN.</p>',
  '<ul><li>Qualifying test within 30 days</li><li>Recertification at 12 months</li></ul>',
  '<p><a href="/whitepapers">Read the checklist</a></p>',
].join('');

describe('RichTextBlock', () => {
  it("renders the editor's HTML in the post body's prose styles", () => {
    const { container } = render(<RichTextBlock data={{ html: HTML }} blockId="text-1" route="/oxygen" />);
    const body = container.querySelector('.prose');
    expect(body).toBeTruthy();
    expect(body?.querySelector('h2')?.textContent).toBe('Why oxygen claims stall');
    expect(body?.querySelectorAll('li')).toHaveLength(2);
    expect(body?.querySelector('a')?.getAttribute('rel')).toBe('noopener');
  });

  it('sanitises it with the posts policy: no script, handler, javascript: URL or style beyond the list', () => {
    const hostile = [
      '<p onclick="steal()">Prior authorization <script>alert(1)</script>made simple</p>',
      '<img src="/images/claims.png" alt="Claims dashboard" onerror="steal()">',
      '<a href="javascript:steal()">Click</a>',
      '<p style="color: red; position: fixed">Styled</p>',
      '<iframe src="https://evil.example/embed"></iframe>',
      '<form action="https://evil.example"><input name="ssn"></form>',
    ].join('');
    const { container } = render(<RichTextBlock data={{ html: hostile }} blockId="text-2" route="/x" />);
    const body = container.querySelector('.prose') as HTMLElement;

    expect(body.querySelector('script, iframe, form, input')).toBeNull();
    expect(body.innerHTML).not.toMatch(/onclick|onerror|javascript:|position/);
    expect(body.textContent).toContain('Prior authorization made simple');
    expect(body.querySelector('img')?.getAttribute('alt')).toBe('Claims dashboard');
    expect(body.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(body.querySelector('p[style]')?.getAttribute('style')).toBe('color: red');
  });

  it('renders nothing when the text is empty or sanitises to nothing', () => {
    for (const html of [undefined, '', '<script>alert(1)</script>']) {
      const { container, unmount } = render(<RichTextBlock data={{ html }} blockId="text-3" route="/x" />);
      expect(container.innerHTML).toBe('');
      unmount();
    }
  });
});
