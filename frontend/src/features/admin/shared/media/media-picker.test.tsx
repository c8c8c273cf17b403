import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MediaPicker, type MediaPickerProps } from './media-picker';
import { MediaPickerField } from './media-picker-field';

const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());
// jsdom decodes no images: the measured size of an upload is given.
vi.mock('./image-size', () => ({
  measureImageFile: () => Promise.resolve({ width: 40, height: 30 }),
  measureImage: () => Promise.resolve(null),
}));

const BASE = 'https://cb.test/storage/v1';
const RANDOM = ['0b5f3c1e-8a2d-4c6b-9e7f-1a2b3c4d5e6f.png', '7d1e2f3a-4b5c-4d6e-8f9a-0b1c2d3e4f5a.jpg'] as const;

interface StoredObject {
  name: string;
  id: string;
  created_at: string;
  metadata: { size: number; mimetype: string };
}
const stored = (name: string, createdAt: string): StoredObject => ({
  name,
  id: name,
  created_at: createdAt,
  metadata: { size: 2048, mimetype: 'image/png' },
});

/** blog-images as the fake Storage holds it, and what was sent to it. */
let objects: StoredObject[] = [];
const storage = {
  list: vi.fn((folder: string) => Promise.resolve({ data: folder === '' ? [...objects] : [], error: null })),
  upload: vi.fn<(name: string, file: File) => Promise<{ data: { path: string }; error: null }>>((name) => {
    objects.unshift(stored(name, '2026-12-06T10:00:00Z'));
    return Promise.resolve({ data: { path: name }, error: null });
  }),
  getPublicUrl: (name: string, options?: { transform?: unknown }) => ({
    data: { publicUrl: `${BASE}/${options?.transform ? 'render/image' : 'object'}/public/blog-images/${name}` },
  }),
};
/** What was written to media_assets: [method, values]. */
let writes: [string, unknown][] = [];

beforeEach(() => {
  resetFake();
  storage.list.mockClear();
  storage.upload.mockClear();
  writes = [];
  objects = [
    stored(RANDOM[0], '2026-12-01T09:00:00Z'),
    stored(RANDOM[1], '2026-11-20T09:00:00Z'),
    stored('team/ana-lopez.png', '2026-11-02T09:00:00Z'),
  ];
  fake.state.tables.media_assets = [
    {
      object_name: RANDOM[0],
      original_name: 'oxygen-denials.png',
      alt_text: 'Oxygen denials by payer',
      width: 800,
      height: 600,
    },
    { object_name: RANDOM[1], original_name: 'cpap-checklist.jpg', alt_text: '', width: 640, height: 480 },
  ];
  Object.assign(fake.adminClient, { storage: { from: () => storage } });
  const read = fake.from.getMockImplementation();
  fake.from.mockImplementation((table: string) => {
    const query = read?.(table) as Record<string, unknown>;
    if (table !== 'media_assets') return query;
    // A write is kept (the next read has it) and recorded.
    const write = (method: string) => (values: Record<string, unknown>) => {
      writes.push([method, values]);
      const rows = (fake.state.tables.media_assets ?? []) as Record<string, unknown>[];
      const row = rows.find((existing) => existing.object_name === values.object_name);
      if (row) Object.assign(row, values);
      else rows.push({ original_name: null, alt_text: '', width: null, height: null, ...values });
      return Promise.resolve({ data: null, error: null });
    };
    return Object.assign(Object.create(query) as object, { insert: write('insert'), upsert: write('upsert') });
  });
});

function withQueries(children: ReactNode) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

function renderPicker(props: Partial<MediaPickerProps> = {}) {
  const onPick = vi.fn();
  const onClose = vi.fn();
  render(withQueries(<MediaPicker open onClose={onClose} onPick={onPick} {...props} />));
  return { onPick, onClose };
}

const radio = (name: RegExp) => screen.getByRole('radio', { name });
const useButton = () => screen.getByRole('button', { name: 'Use this image' });
const altField = () => screen.getByRole('textbox', { name: /^Alt text/ });

describe('MediaPicker', () => {
  it('shows images by file name, never by storage name, and announces how many', async () => {
    renderPicker();
    const grid = await screen.findByRole('radiogroup', { name: 'Images' });
    const names = within(grid)
      .getAllByRole('radio')
      .map((item) => item.textContent);
    expect(names).toEqual([
      'oxygen-denials.pngOxygen denials by payer',
      'cpap-checklist.jpgNo alt text yet',
      'ana-lopez.pngNo alt text yet',
    ]);
    expect(grid.textContent).not.toMatch(/0b5f3c1e/);
    expect(screen.getByRole('status').textContent).toBe('3 images');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search images' }));
  });

  it('searches by file name and alt text', async () => {
    renderPicker();
    await screen.findByRole('radiogroup');
    const search = screen.getByRole('searchbox', { name: 'Search images' });

    fireEvent.change(search, { target: { value: 'PAYER' } });
    expect(screen.getAllByRole('radio').map((item) => item.textContent)).toEqual([
      'oxygen-denials.pngOxygen denials by payer',
    ]);
    expect(screen.getByRole('status').textContent).toBe('1 of 3 images matches “PAYER”');

    fireEvent.change(search, { target: { value: 'checklist' } });
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(radio(/^cpap-checklist\.jpg/)).toBeTruthy();

    fireEvent.change(search, { target: { value: 'wheelchair' } });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByText('No images match “wheelchair”.')).toBeTruthy();
  });

  it('needs alt text before "Use this image", prefilled from the library', async () => {
    const { onPick } = renderPicker();
    await screen.findByRole('radiogroup');
    expect(useButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Select an image, then add its alt text.')).toBeTruthy();

    fireEvent.click(radio(/^oxygen-denials\.png/));
    expect(radio(/^oxygen-denials\.png/).getAttribute('aria-checked')).toBe('true');
    expect(altField()).toHaveProperty('value', 'Oxygen denials by payer');
    expect(useButton()).toHaveProperty('disabled', false);

    fireEvent.click(radio(/^cpap-checklist\.jpg/));
    expect(altField()).toHaveProperty('value', '');
    expect(altField()).toHaveProperty('required', true);
    expect(useButton()).toHaveProperty('disabled', true);
    expect(screen.getByText('Add alt text to use this image.')).toBeTruthy();
    fireEvent.change(altField(), { target: { value: '   ' } });
    expect(useButton()).toHaveProperty('disabled', true);

    // A new alt text is saved with the image in the library, then the image is used with it.
    fireEvent.change(altField(), { target: { value: ' CPAP resupply checklist ' } });
    fireEvent.click(useButton());
    await waitFor(() => {
      expect(onPick).toHaveBeenCalledWith({
        url: `${BASE}/object/public/blog-images/${RANDOM[1]}`,
        alt: 'CPAP resupply checklist',
      });
    });
    expect(writes).toEqual([['upsert', { object_name: RANDOM[1], alt_text: 'CPAP resupply checklist' }]]);
  });

  it('uses the stored alt text as it is without writing it again', async () => {
    const { onPick } = renderPicker();
    fireEvent.click(await screen.findByRole('radio', { name: /^oxygen-denials\.png/ }));
    fireEvent.click(useButton());
    await waitFor(() => {
      expect(onPick).toHaveBeenCalledWith({
        url: `${BASE}/object/public/blog-images/${RANDOM[0]}`,
        alt: 'Oxygen denials by payer',
      });
    });
    expect(writes).toEqual([]);
  });

  it('starts on the image the field holds, with its alt text when the library has none', async () => {
    renderPicker({ currentUrl: `${BASE}/object/public/blog-images/${RANDOM[1]}`, currentAlt: 'Checklist' });
    await screen.findByRole('radiogroup');
    expect(radio(/^cpap-checklist\.jpg/).getAttribute('aria-checked')).toBe('true');
    expect(radio(/^cpap-checklist\.jpg/).tabIndex).toBe(0);
    expect(altField()).toHaveProperty('value', 'Checklist');
  });

  it('is a radio group: one tab stop, arrows, Home and End select and focus', async () => {
    renderPicker();
    await screen.findByRole('radiogroup');
    const items = screen.getAllByRole('radio');
    expect(items.map((item) => item.tabIndex)).toEqual([0, -1, -1]);
    expect(items.every((item) => item.getAttribute('aria-checked') === 'false')).toBe(true);

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(second);
    expect(second.getAttribute('aria-checked')).toBe('true');
    expect(items.map((item) => item.tabIndex)).toEqual([-1, 0, -1]);

    fireEvent.keyDown(second, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(third);
    fireEvent.keyDown(third, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'End' });
    expect(document.activeElement).toBe(third);
    expect(third.getAttribute('aria-checked')).toBe('true');
    expect(altField()).toBeTruthy();
  });

  it('uploads in place: the image is stored under a random name with its file name, then selected', async () => {
    const { onPick } = renderPicker();
    await screen.findByRole('radiogroup');
    const file = new File([new Uint8Array(300)], 'wheelchair-claim.png', { type: 'image/png' });
    expect(screen.getByText('PNG, JPG, WEBP up to 10MB')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toBe(
        'wheelchair-claim.png is uploaded and selected. Describe it in its alt text.',
      );
    });
    expect(storage.upload).toHaveBeenCalledTimes(1);
    const [name, sent] = storage.upload.mock.calls[0] ?? [];
    expect(name).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(sent).toBe(file);
    expect(writes).toEqual([
      ['insert', { object_name: name, original_name: 'wheelchair-claim.png', width: 40, height: 30 }],
    ]);
    expect(document.activeElement).toBe(altField());
    expect(screen.getByText('wheelchair-claim.png', { selector: 'strong' })).toBeTruthy();
    await waitFor(() => {
      expect(radio(/^wheelchair-claim\.png/).getAttribute('aria-checked')).toBe('true');
    });

    fireEvent.change(altField(), { target: { value: 'A completed wheelchair claim form' } });
    fireEvent.click(useButton());
    await waitFor(() => {
      expect(onPick).toHaveBeenCalledWith({
        url: `${BASE}/object/public/blog-images/${name ?? ''}`,
        alt: 'A completed wheelchair claim form',
      });
    });
  });

  it('refuses a file that is not an image before uploading it', async () => {
    renderPicker();
    await screen.findByRole('radiogroup');
    const file = new File(['a,b'], 'claims.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Image file'), { target: { files: [file] } });
    expect(storage.upload).not.toHaveBeenCalled();
  });

  it('says when the library is empty', async () => {
    objects = [];
    renderPicker();
    expect(await screen.findByText('No images yet. Upload the first one.')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('0 images');
  });
});

function FieldHarness() {
  const [image, setImage] = useState({ url: '', alt: '' });
  return (
    <MediaPickerField label="Featured Image" imageUrl={image.url} imageAlt={image.alt} onPick={setImage}>
      <p data-testid="field-values">
        {image.url}|{image.alt}
      </p>
    </MediaPickerField>
  );
}

describe('MediaPickerField', () => {
  it('opens the picker from "Choose image", fills the URL and alt text, and returns focus', async () => {
    render(withQueries(<FieldHarness />));
    expect(screen.getByText('No image')).toBeTruthy();
    const choose = screen.getByRole('button', { name: 'Choose image for Featured Image' });
    choose.focus();
    fireEvent.click(choose);

    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    fireEvent.click(await within(dialog).findByRole('radio', { name: /^oxygen-denials\.png/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use this image' }));

    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    expect(screen.getByTestId('field-values').textContent).toBe(
      `${BASE}/object/public/blog-images/${RANDOM[0]}|Oxygen denials by payer`,
    );
    expect(document.activeElement).toBe(choose);
    // The preview is the library's thumbnail of the chosen image.
    expect(document.querySelector('.media-picker-field__preview img')?.getAttribute('src')).toBe(
      `${BASE}/render/image/public/blog-images/${RANDOM[0]}`,
    );
  });

  it('closes on Escape without changing the field', async () => {
    render(withQueries(<FieldHarness />));
    fireEvent.click(screen.getByRole('button', { name: 'Choose image for Featured Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose an image' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('field-values').textContent).toBe('|');
  });
});
