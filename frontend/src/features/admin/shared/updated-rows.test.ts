import { describe, expect, it, vi } from 'vitest';

// The client module needs the page's runtime configuration; these checks never call it.
vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));

const { PERMISSION_DENIED, errorMessage, updatedRows } = await import('./admin-client');

describe('updatedRows', () => {
  it('hands back the rows an update changed', async () => {
    await expect(updatedRows(Promise.resolve({ data: [{ id: 'a' }], error: null }))).resolves.toEqual([{ id: 'a' }]);
  });

  it('refuses an update that changed nothing (row-level security said no) as a permission error', async () => {
    const refused = updatedRows(Promise.resolve({ data: [], error: null }));
    await expect(refused).rejects.toMatchObject({ code: '42501' });
    expect(errorMessage(await refused.catch((error: unknown) => error))).toBe(PERMISSION_DENIED);
  });

  it('passes the server error on as it is', async () => {
    const error = Object.assign(new Error('duplicate key value'), { code: '23505' });
    await expect(updatedRows(Promise.resolve({ data: null, error }))).rejects.toBe(error);
  });
});
