import { toast } from '@/components/ui/toast';
import { errorMessage } from './admin-client';

/** A failed action's handler (a mutation's onError): a destructive toast titled `title` with the error's message. */
export function errorToast(title = 'Error') {
  return (error: unknown) => {
    toast({ title, description: errorMessage(error), variant: 'destructive' });
  };
}
