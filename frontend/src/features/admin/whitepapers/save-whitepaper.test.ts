import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteWhitepaper } from './delete-whitepaper';
import { PdfUploadError, saveWhitepaper } from './save-whitepaper';
import type { WhitepaperPayload } from './whitepaper-form';

/** A stand-in for the admin supabase client that records the order of writes. */
const fake = vi.hoisted(() => {
  const state = {
    calls: [] as string[],
    rows: [] as unknown[],
    rowResult: { data: [{ id: 'p1' }] as unknown[] | null, error: null as unknown },
    uploadError: null as unknown,
    removeError: null as unknown,
  };
  const write = (label: string, row?: unknown) => {
    state.calls.push(label);
    if (row !== undefined) state.rows.push(row);
    // Awaitable as it is (delete().eq()) or after .select() (insert and update).
    const result = () => Promise.resolve(state.rowResult);
    const filtered = Object.assign(result(), { select: result });
    return { select: result, eq: () => filtered };
  };
  const client = {
    from: () => ({
      insert: (row: unknown) => write('insert', row),
      update: (row: unknown) => write('update', row),
      delete: () => write('delete'),
    }),
    storage: {
      from: () => ({
        upload: (path: string) => {
          state.calls.push(`upload ${path}`);
          return Promise.resolve({ data: null, error: state.uploadError });
        },
        remove: (paths: string[]) => {
          state.calls.push(`remove ${paths.join(',')}`);
          return Promise.resolve({ data: [], error: state.removeError });
        },
      }),
    },
  };
  return { state, client };
});

vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: () => fake.client }));

const payload: WhitepaperPayload = {
  title: 'Oxygen Billing Guide',
  description: 'Rental caps and CMN recertification.',
  category: 'Reimbursement',
  pages: 3,
  featured: false,
};
const pdf = new File(['%PDF-1.4\n'], 'oxygen.pdf', { type: 'application/pdf' });
const onProgress = () => undefined;

beforeEach(() => {
  localStorage.setItem('admin_token', 'token');
  Object.assign(fake.state, {
    calls: [],
    rows: [],
    rowResult: { data: [{ id: 'p1' }], error: null },
    uploadError: null,
    removeError: null,
  });
});

const uploadedName = () => fake.state.calls[0]?.replace('upload ', '') ?? '';

describe('saveWhitepaper', () => {
  it('creates: uploads under a new name, then inserts the row pointing at it', async () => {
    const result = await saveWhitepaper({ editing: null, payload, file: pdf, onProgress });
    expect(uploadedName()).toMatch(/^oxygen-billing-guide-[0-9a-f]{8}\.pdf$/);
    expect(fake.state.calls).toEqual([`upload ${uploadedName()}`, 'insert']);
    expect(fake.state.rows).toEqual([{ ...payload, file_path: uploadedName() }]);
    expect(result).toEqual({ uploaded: true, staleFile: null });
  });

  it('replaces: the old PDF is removed only after the new one is stored and the row saved', async () => {
    const editing = { id: 'p1', filePath: 'old.pdf' };
    const result = await saveWhitepaper({ editing, payload, file: pdf, onProgress });
    expect(fake.state.calls).toEqual([`upload ${uploadedName()}`, 'update', 'remove old.pdf']);
    expect(result).toEqual({ uploaded: true, staleFile: null });
  });

  it('keeps the old PDF and removes the new upload when the row cannot be saved', async () => {
    fake.state.rowResult = { data: null, error: { message: 'duplicate key' } };
    const editing = { id: 'p1', filePath: 'old.pdf' };
    await expect(saveWhitepaper({ editing, payload, file: pdf, onProgress })).rejects.toEqual({
      message: 'duplicate key',
    });
    expect(fake.state.calls).toEqual([`upload ${uploadedName()}`, 'update', `remove ${uploadedName()}`]);
  });

  it('fails when the paper was deleted meanwhile (no row updated)', async () => {
    fake.state.rowResult = { data: [], error: null };
    await expect(
      saveWhitepaper({ editing: { id: 'gone', filePath: null }, payload, file: pdf, onProgress }),
    ).rejects.toThrow('This whitepaper no longer exists.');
    expect(fake.state.calls.at(-1)).toBe(`remove ${uploadedName()}`);
  });

  it('writes nothing when the upload fails', async () => {
    fake.state.uploadError = { message: 'mime type image/png is not supported' };
    const saving = saveWhitepaper({ editing: { id: 'p1', filePath: 'old.pdf' }, payload, file: pdf, onProgress });
    await expect(saving).rejects.toBeInstanceOf(PdfUploadError);
    await expect(saving).rejects.toThrow('mime type image/png is not supported');
    expect(fake.state.calls).toEqual([`upload ${uploadedName()}`]);
  });

  it('updates the fields alone when no file is chosen', async () => {
    const result = await saveWhitepaper({
      editing: { id: 'p1', filePath: 'old.pdf' },
      payload,
      file: null,
      onProgress,
    });
    expect(fake.state.calls).toEqual(['update']);
    expect(fake.state.rows).toEqual([payload]);
    expect(result).toEqual({ uploaded: false, staleFile: null });
  });

  it('reports a replaced PDF that storage would not remove', async () => {
    fake.state.removeError = { message: 'unavailable' };
    const result = await saveWhitepaper({ editing: { id: 'p1', filePath: 'old.pdf' }, payload, file: pdf, onProgress });
    expect(result).toEqual({ uploaded: true, staleFile: 'old.pdf' });
  });
});

describe('deleteWhitepaper', () => {
  it('deletes the row, then its PDF', async () => {
    expect(await deleteWhitepaper({ id: 'p1', filePath: 'guide.pdf' })).toBeNull();
    expect(fake.state.calls).toEqual(['delete', 'remove guide.pdf']);
  });

  it('leaves storage alone when the row delete fails, and for papers without a file', async () => {
    fake.state.rowResult = { data: null, error: { message: 'denied' } };
    await expect(deleteWhitepaper({ id: 'p1', filePath: 'guide.pdf' })).rejects.toEqual({ message: 'denied' });
    expect(fake.state.calls).toEqual(['delete']);
    fake.state.rowResult = { data: null, error: null };
    expect(await deleteWhitepaper({ id: 'p2', filePath: null })).toBeNull();
    expect(fake.state.calls).toEqual(['delete', 'delete']);
  });

  it('returns the path of a PDF storage would not remove', async () => {
    fake.state.removeError = { message: 'unavailable' };
    expect(await deleteWhitepaper({ id: 'p1', filePath: 'guide.pdf' })).toBe('guide.pdf');
  });
});
