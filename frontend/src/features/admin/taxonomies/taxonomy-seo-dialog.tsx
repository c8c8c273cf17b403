import { useId, useState, type SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { company } from '@/config/company';
import { AdminFormActions } from '@/features/admin/shared/admin-form-actions';
import { textFieldsOf } from '@/features/admin/shared/admin-text-field';
import { errorToast } from '@/features/admin/shared/error-toast';
import { ARCHIVE_KIND_LABELS } from '@/lib/archive-text';
import { useSaveTaxonomySeo } from './save-taxonomy-seo';
import {
  formToRow,
  META_DESCRIPTION_COUNTER,
  META_TITLE_COUNTER,
  taxonomySearchPreview,
  validateTaxonomySeo,
  type Taxonomy,
  type TaxonomySeoErrors,
  type TaxonomySeoForm,
} from './taxonomy-seo';

interface TaxonomySeoDialogProps {
  entry: Taxonomy;
  onClose: () => void;
}

/**
 * The title and description of one archive's head (what search results show for
 * /blog/category/billing, say), with counters on the scale search results cut at and a preview.
 * Blank fields use the site's default for the archive.
 */
export function TaxonomySeoDialog({ entry, onClose }: TaxonomySeoDialogProps) {
  const baseId = useId();
  const [form, setForm] = useState<TaxonomySeoForm>({
    meta_title: entry.metaTitle,
    meta_description: entry.metaDescription,
  });
  const [errors, setErrors] = useState<TaxonomySeoErrors>({});
  const save = useSaveTaxonomySeo();
  const kind = ARCHIVE_KIND_LABELS[entry.kind];

  const set = (key: keyof TaxonomySeoForm, value: string) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const field = textFieldsOf<keyof TaxonomySeoForm>(`${baseId}-seo`, form, set);

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateTaxonomySeo(form);
    const first = found.meta_title ?? found.meta_description;
    if (first) {
      setErrors(found);
      toast({ title: 'Validation Error', description: first, variant: 'destructive' });
      return;
    }
    const row = formToRow(entry, form);
    save.mutate(row, {
      onSuccess: () => {
        const own = row.meta_title !== null || row.meta_description !== null;
        toast({
          title: 'SEO saved',
          description: own
            ? `${entry.archivePath} has its own title and description.`
            : `${entry.archivePath} uses the default title and description.`,
        });
        onClose();
      },
      onError: errorToast('Save failed'),
    });
  };

  const preview = taxonomySearchPreview(entry, form, { companyName: company.name, siteUrl: company.siteUrl });

  return (
    <Dialog open onClose={onClose} title={`SEO of ${kind.toLowerCase()} “${entry.name}”`} className="admin-dialog">
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <p className="admin-muted">
          What search results and link previews show for{' '}
          <a href={entry.archivePath} target="_blank" rel="noreferrer">
            {entry.archivePath}
          </a>
          . Leave a field blank to use the default made from the name, as the preview shows.
        </p>
        {field('meta_title', 'Meta Title', {
          counter: META_TITLE_COUNTER,
          error: errors.meta_title,
        })}
        {field('meta_description', 'Meta Description', {
          multiline: true,
          counter: META_DESCRIPTION_COUNTER,
          error: errors.meta_description,
        })}
        <div className="admin-serp" aria-label="Search result preview">
          <p className="admin-serp__url">{preview.url}</p>
          <p className="admin-serp__title">{preview.title}</p>
          <p className="admin-serp__description">{preview.description}</p>
        </div>
        <AdminFormActions
          onCancel={onClose}
          cancelDisabled={save.isPending}
          saving={save.isPending}
          submitLabel="Save SEO"
          savingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
