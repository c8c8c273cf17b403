import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { errorMessage } from './admin-client';

/** A failed action's handler (a mutation's onError): a destructive toast titled `title` with the error's message. */
export function errorToast(title = 'Error') {
  return (error: unknown) => {
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };
}

/**
 * While a list fails to load, one destructive toast (again only if its text changes): the page
 * keeps showing what it has, so the failure is said once rather than on every render.
 */
export function useFailureToast(failed: boolean, title: string, description: string) {
  useEffect(() => {
    if (failed) toast({ title, description, variant: 'destructive' });
  }, [failed, title, description]);
}
