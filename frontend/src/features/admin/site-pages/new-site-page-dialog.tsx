import { useId, useState, type SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { useCreateSitePage } from './create-site-page';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminFormActions } from '@/features/admin/shared/admin-form-actions';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { MAX_NAME_LENGTH, MAX_ROUTE_LENGTH, routeFromName, routeProblem } from './site-page-status';

/**
 * "New page": its name and address. The address follows the name until someone types one. The
 * form checks the address's form; an address the app or another page holds comes back as the
 * database's message, shown at the field as it is.
 */
export function NewSitePageDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (id: string) => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [route, setRoute] = useState('');
  const [routeFollowsName, setRouteFollowsName] = useState(true);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateSitePage();
  const nameProblem = name.trim() ? null : 'Enter the page’s name.';
  const addressProblem = routeProblem(route);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (nameProblem || addressProblem) return;
    create.mutate(
      { name: name.trim(), route },
      {
        onSuccess: (created) => {
          toast({ title: 'Page created', description: `A draft at ${route}: add its blocks, then publish it.` });
          onCreated(created);
        },
        onError: (error) => {
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="New page" className="admin-dialog">
      <form className="admin-form" onSubmit={onSubmit} noValidate>
        <AdminTextField
          id={`${id}-name`}
          label="Name"
          value={name}
          required
          maxLength={MAX_NAME_LENGTH}
          placeholder="Spring webinar"
          error={tried ? (nameProblem ?? undefined) : undefined}
          onChange={(value) => {
            setName(value);
            setRefusal(null);
            if (routeFollowsName) setRoute(value.trim() ? routeFromName(value) : '');
          }}
        />
        <AdminTextField
          id={`${id}-route`}
          label="Address"
          value={route}
          required
          maxLength={MAX_ROUTE_LENGTH}
          placeholder="/spring-webinar"
          hint="Where the page will be on the site. It starts as a draft: nothing shows there until it is published."
          error={refusal ?? (tried ? (addressProblem ?? undefined) : undefined)}
          onChange={(value) => {
            setRoute(value.trim());
            setRouteFollowsName(value === '');
            setRefusal(null);
          }}
        />
        <AdminFormActions
          onCancel={onClose}
          saving={create.isPending}
          submitLabel="Create page"
          savingLabel="Creating…"
        />
      </form>
    </Dialog>
  );
}
