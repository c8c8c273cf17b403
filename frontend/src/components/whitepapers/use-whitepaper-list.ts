import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useWhitepapers } from '@/data/whitepapers/use-whitepapers';

/** What a visitor is told when the list cannot load. */
const WHITEPAPERS_ERROR_TOAST = { title: 'Error', description: 'Failed to load whitepapers.' };

/**
 * The whitepapers as /whitepapers and the whitepaper cards block list them: a failure to load is
 * logged and toasted.
 */
export function useWhitepaperList() {
  const query = useWhitepapers();
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    console.error('Whitepapers failed to load:', error);
    toast({ ...WHITEPAPERS_ERROR_TOAST, variant: 'destructive' });
  }, [isError, error]);
  return query;
}
