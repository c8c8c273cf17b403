import { describe, expect, it } from 'vitest';
import specLists from '@/testing/spec-lists.json';
import { BLOG_TOOLBAR, hasAllowedProtocol, IMAGE_PROTOCOLS, LINK_PROTOCOLS } from './toolbars';

describe('hasAllowedProtocol', () => {
  it('accepts http, https, mailto and tel links', () => {
    for (const url of ['http://a.test', 'https://a.test', 'mailto:a@b.test', 'tel:+18005550100', '/relative']) {
      expect(hasAllowedProtocol(url, LINK_PROTOCOLS)).toBe(true);
    }
  });

  it('refuses other schemes, including obfuscated ones', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'sms:1',
      'data:text/html,x',
    ]) {
      expect(hasAllowedProtocol(url, LINK_PROTOCOLS)).toBe(false);
    }
  });

  it('accepts data images but not javascript ones', () => {
    expect(hasAllowedProtocol('data:image/png;base64,AAAA', IMAGE_PROTOCOLS)).toBe(true);
    expect(hasAllowedProtocol('javascript:x', IMAGE_PROTOCOLS)).toBe(false);
  });
});

describe('BLOG_TOOLBAR', () => {
  it('has exactly the spec controls', () => {
    expect(JSON.stringify(BLOG_TOOLBAR)).toBe(JSON.stringify(specLists.blogToolbar));
  });
});
