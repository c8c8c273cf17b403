import { describe, expect, it, vi } from 'vitest';
import { whitepapersQuery } from '@/data/whitepapers/whitepapers-query';
import { fileExistsQuery } from '@/data/whitepapers/file-exists-query';
import { fileStatus } from './file-status-query';
import {
  DESCRIPTION_MAX,
  EMPTY_WHITEPAPER_FORM,
  formToPayload,
  paperToForm,
  TITLE_MAX,
  validateWhitepaperForm,
  type WhitepaperFormValues,
} from './whitepaper-form';
import { whitepaperKeys } from '@/data/whitepapers/keys';

// file-status-query reaches the admin client; these tests never call it.
vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));

const valid: WhitepaperFormValues = {
  title: ' Prior Authorization Field Guide ',
  description: ' What a complete PAP request contains. ',
  category: ' Prior Authorization ',
  pages: ' 12 ',
  featured: true,
};

describe('validateWhitepaperForm', () => {
  it('accepts a complete form, and an empty page count', () => {
    expect(validateWhitepaperForm(valid)).toEqual({});
    expect(validateWhitepaperForm({ ...valid, pages: '', description: '' })).toEqual({});
  });

  it('requires a title and a category', () => {
    const errors = validateWhitepaperForm(EMPTY_WHITEPAPER_FORM);
    expect(Object.keys(errors).sort()).toEqual(['category', 'title']);
    expect(validateWhitepaperForm({ ...valid, title: '   ' }).title).toBe('Enter a title.');
  });

  it('limits the title and description lengths', () => {
    expect(validateWhitepaperForm({ ...valid, title: 'x'.repeat(TITLE_MAX) }).title).toBeUndefined();
    expect(validateWhitepaperForm({ ...valid, title: 'x'.repeat(TITLE_MAX + 1) }).title).toMatch(/under/);
    expect(validateWhitepaperForm({ ...valid, description: 'x'.repeat(DESCRIPTION_MAX + 1) }).description).toMatch(
      /under/,
    );
  });

  it.each(['0', '-3', '2.5', 'ten', '10001', '1e3'])('refuses %s pages', (pages) => {
    expect(validateWhitepaperForm({ ...valid, pages }).pages).toMatch(/whole number/);
  });

  it.each(['1', '48', '10000'])('accepts %s pages', (pages) => {
    expect(validateWhitepaperForm({ ...valid, pages }).pages).toBeUndefined();
  });
});

describe('form and row', () => {
  it('writes trimmed text, pages as a number or null', () => {
    expect(formToPayload(valid)).toEqual({
      title: 'Prior Authorization Field Guide',
      description: 'What a complete PAP request contains.',
      category: 'Prior Authorization',
      pages: 12,
      featured: true,
    });
    expect(formToPayload({ ...valid, pages: ' ' }).pages).toBeNull();
  });

  it('loads a stored paper (null pages become empty)', () => {
    const form = paperToForm({
      id: '1',
      title: 'Audit Readiness',
      description: '',
      category: 'Compliance',
      pages: null,
      featured: false,
      file_path: 'audit.pdf',
      created_at: '',
    });
    expect(form).toEqual({
      title: 'Audit Readiness',
      description: '',
      category: 'Compliance',
      pages: '',
      featured: false,
    });
  });
});

describe('fileStatus', () => {
  const listed = new Map([
    ['a.pdf', true],
    ['gone.pdf', false],
  ]);

  it('is none without a file, present or missing once listed, null until then', () => {
    expect(fileStatus(null, listed)).toBe('none');
    expect(fileStatus('a.pdf', listed)).toBe('present');
    expect(fileStatus('gone.pdf', listed)).toBe('missing');
    expect(fileStatus('a.pdf', undefined)).toBeNull();
  });
});

describe('public query keys', () => {
  it('are prefixes of the keys /whitepapers and /downloads cache under', () => {
    expect(whitepapersQuery.queryKey.slice(0, whitepaperKeys.public.length)).toEqual([...whitepaperKeys.public]);
    expect(fileExistsQuery('x.pdf').queryKey.slice(0, whitepaperKeys.fileExists.length)).toEqual([
      ...whitepaperKeys.fileExists,
    ]);
  });
});
