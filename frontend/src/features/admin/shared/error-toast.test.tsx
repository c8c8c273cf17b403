import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toastStore } from '@/components/ui/toast/toast-store';
import { useFailureToast } from './error-toast';

vi.mock('@/lib/supabase', () => ({ supabase: {}, createAdminClient: vi.fn() }));

function Page({ failed, description }: { failed: boolean; description: string }) {
  useFailureToast(failed, 'Error', description);
  return null;
}

const shown = () =>
  toastStore.getSnapshot().map(({ title, description, variant }) => ({ title, description, variant }));

describe('useFailureToast', () => {
  beforeEach(() => {
    toastStore.clear();
  });

  it('says nothing while the list loads', () => {
    render(<Page failed={false} description="Failed to load images: down" />);
    expect(shown()).toEqual([]);
  });

  it('says a failure once, and again only when its text changes or it fails anew', () => {
    const failure = { title: 'Error', variant: 'destructive' };
    const { rerender } = render(<Page failed description="Failed to load images: down" />);
    rerender(<Page failed description="Failed to load images: down" />);
    expect(shown()).toEqual([{ ...failure, description: 'Failed to load images: down' }]);

    rerender(<Page failed description="Failed to load images: timeout" />);
    rerender(<Page failed={false} description="Failed to load images: timeout" />);
    rerender(<Page failed description="Failed to load images: timeout" />);
    expect(shown().map(({ description }) => description)).toEqual([
      'Failed to load images: down',
      'Failed to load images: timeout',
      'Failed to load images: timeout',
    ]);
  });
});
