import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Block } from '@/components/blocks/block-schema';
import { validateBlocks } from '@/components/blocks/validate-blocks';
import { BlockList } from './block-list';

// The fields' media picker imports the admin client; nothing here reaches the server.
const { supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
vi.mock('@/lib/supabase', () => supabaseModule());

function Harness({ initial }: { initial: Block[] }) {
  const [blocks, setBlocks] = useState(initial);
  const problems = useMemo(() => validateBlocks(blocks), [blocks]);
  return (
    <QueryClientProvider client={new QueryClient()}>
      <BlockList blocks={blocks} problems={problems} onChange={setBlocks} />
    </QueryClientProvider>
  );
}

const nextFrame = () =>
  act(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
  });

const titles = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('BlockList', () => {
  it('moves a block with the keyboard buttons and keeps focus on the moved block', async () => {
    render(
      <Harness
        initial={[
          { id: 'a', kind: 'testimonial', data: { quote: 'Great', name: 'Ann' } },
          { id: 'b', kind: 'cta-band', data: { title: 'Call us' } },
        ]}
      />,
    );
    const down = screen.getByRole('button', { name: 'Move down: block 1, Testimonial' });
    down.focus();
    fireEvent.click(down);
    await nextFrame();
    expect(titles()[0]).toContain('Call-to-action band');
    // Now last, its Move down is disabled: focus is on its Move up.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: block 2, Testimonial' }));
  });

  it('shows a problem at its field, and flags a kind it does not know', () => {
    render(
      <Harness
        initial={[
          { id: 'a', kind: 'testimonial', data: { quote: 'Great' } },
          { id: 'z', kind: 'retired-kind', data: {} },
        ]}
      />,
    );
    const name = screen.getByLabelText(/^Name/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('name is required')).toBeTruthy();
    const unknown = screen.getAllByRole('listitem').find((item) => item.textContent.includes('retired-kind'));
    expect(unknown).toBeDefined();
    expect(
      within(unknown as HTMLElement).getByText(/This block's kind is no longer supported; it is skipped on the site/),
    ).toBeTruthy();
    expect(within(unknown as HTMLElement).getByRole('button', { name: 'Remove block 2, retired-kind' })).toBeTruthy();
  });

  it('adds a block from the grouped menu, and removes one after asking', async () => {
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add a block' }));
    expect(screen.getByRole('heading', { name: 'Campaign blocks' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Site sections' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^FAQ/ }));
    await nextFrame();
    expect(titles()).toEqual(['1. FAQ 3 problems']);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: /^1\. FAQ/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove block 1, FAQ' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remove block' }));
    await nextFrame();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });
});
