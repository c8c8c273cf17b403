import { describe, expect, it } from 'vitest';
import { archiveDescription, archiveHeading, archiveTitle, defaultArchiveDescription } from './archive-text';

const category = { kind: 'category', name: 'Prior Authorization' } as const;

describe('archive texts', () => {
  it('heads each kind by what it lists', () => {
    expect(archiveHeading('category', 'Compliance')).toBe('Posts in Compliance');
    expect(archiveHeading('tag', 'oxygen')).toBe('Posts tagged oxygen');
    expect(archiveHeading('author', 'Dana Ortiz')).toBe('Posts by Dana Ortiz');
  });

  it('titles an archive by its heading and the company, the page number after the first page', () => {
    expect(archiveTitle(category, 'ClaimBridge')).toBe('Posts in Prior Authorization | ClaimBridge');
    expect(archiveTitle({ ...category, meta_title: null }, 'ClaimBridge', 2)).toBe(
      'Posts in Prior Authorization, page 2 | ClaimBridge',
    );
    // A blank SEO title is no title: the default stands.
    expect(archiveTitle({ ...category, meta_title: '  ' }, 'ClaimBridge')).toBe(
      'Posts in Prior Authorization | ClaimBridge',
    );
  });

  it("uses the staff's SEO title as written (trimmed, no company name added)", () => {
    expect(archiveTitle({ ...category, meta_title: ' PA guides for DME ' }, 'ClaimBridge')).toBe('PA guides for DME');
    expect(archiveTitle({ ...category, meta_title: 'PA guides for DME' }, 'ClaimBridge', 3)).toBe(
      'PA guides for DME, page 3',
    );
  });

  it("describes an archive by the staff's text, else by a sentence made from its kind, name and the company", () => {
    expect(archiveDescription({ ...category, meta_description: ' PA rules by payer. ' }, 'ClaimBridge')).toBe(
      'PA rules by payer.',
    );
    expect(archiveDescription({ ...category, meta_description: '' }, 'ClaimBridge')).toBe(
      'ClaimBridge articles on Prior Authorization for HME/DME suppliers: practical guidance from the people who work DME claims every day.',
    );
    expect(defaultArchiveDescription('tag', 'oxygen', 'ClaimBridge')).toBe(
      'Everything ClaimBridge has written about oxygen, for HME/DME billing and revenue-cycle teams.',
    );
    expect(defaultArchiveDescription('author', 'Dana Ortiz', 'ClaimBridge')).toBe(
      'Articles by Dana Ortiz on HME/DME billing, claims and revenue-cycle work, published by ClaimBridge.',
    );
  });
});
