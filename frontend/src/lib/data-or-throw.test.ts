import { describe, expect, it } from 'vitest';
import { PostgrestError } from '@supabase/supabase-js';
import { dataOrThrow } from './data-or-throw';

describe('dataOrThrow', () => {
  it('hands back the data of a successful answer', async () => {
    const rows = [{ id: 1 }];
    expect(await dataOrThrow(Promise.resolve({ data: rows, error: null }))).toBe(rows);
  });

  it('hands back null data too (a write without a returned row)', async () => {
    expect(await dataOrThrow(Promise.resolve({ data: null, error: null }))).toBeNull();
  });

  it('throws the answer’s own error, code and all', async () => {
    const error = new PostgrestError({ message: 'permission denied', details: '', hint: '', code: '42501' });
    const failed = dataOrThrow(Promise.resolve({ data: null, error }));
    await expect(failed).rejects.toBe(error);
    await expect(failed).rejects.toMatchObject({ code: '42501', message: 'permission denied' });
  });
});
