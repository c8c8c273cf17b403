import { useRef, useState, type SubmitEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { textFieldsOf, type BoundTextFieldProps } from '@/features/admin/shared/admin-text-field';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { PdfDropZone } from './pdf-drop-zone';
import { checkPdfFile } from './pdf-file';
import { PdfUploadError, useSaveWhitepaper } from './save-whitepaper';
import {
  DESCRIPTION_MAX,
  formToPayload,
  SUGGESTED_CATEGORIES,
  TITLE_MAX,
  validateWhitepaperForm,
  type WhitepaperFormErrors,
  type WhitepaperFormValues,
} from './whitepaper-form';
import { AdminCheck } from '@/features/admin/shared/admin-check';

export interface WhitepaperFormCardProps {
  /** The paper being edited (its id and current file), or null in create mode. */
  editing: { id: string; filePath: string | null } | null;
  initial: WhitepaperFormValues;
  onDone: () => void;
}

type TextField = 'title' | 'description' | 'category' | 'pages';
const FIELD_ORDER: readonly TextField[] = ['title', 'category', 'pages', 'description'];

interface ChosenFile {
  file: File;
  pages: number | null;
}

/** Create or edit a whitepaper: its card fields, Featured, and the PDF behind 'Download PDF'. */
export function WhitepaperFormCard({ editing, initial, onDone }: WhitepaperFormCardProps) {
  const [form, setForm] = useState<WhitepaperFormValues>(initial);
  const [errors, setErrors] = useState<WhitepaperFormErrors>({});
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const save = useSaveWhitepaper();
  const busy = save.isPending || checking;

  const set = <K extends keyof WhitepaperFormValues>(key: K, value: WhitepaperFormValues[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onFile = async (file: File) => {
    setChecking(true);
    try {
      const check = await checkPdfFile(file);
      if (!check.ok) {
        setFileError(check.reason);
        toast({ title: check.title, description: `${file.name}: ${check.reason}`, variant: 'destructive' });
        return;
      }
      setFileError(null);
      setChosen({ file, pages: check.pages });
      if (check.pages !== null) set('pages', String(check.pages));
    } catch (error) {
      setFileError('The file could not be read.');
      toast({ title: 'File not readable', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setChecking(false);
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateWhitepaperForm(form);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      setErrors(found);
      formRef.current?.querySelector<HTMLElement>(`#whitepaper-${firstInvalid}`)?.focus();
      toast({ title: 'Check the form', description: found[firstInvalid], variant: 'destructive' });
      return;
    }
    const payload = formToPayload(form);
    setProgress(chosen ? 0 : null);
    save.mutate(
      { editing, payload, file: chosen?.file ?? null, onProgress: setProgress },
      {
        onSuccess: ({ uploaded, staleFile }) => {
          const live = `“${payload.title}” is live on /whitepapers${uploaded ? ' with its new PDF' : ''}.`;
          toast({ title: editing ? 'Whitepaper updated' : 'Whitepaper created', description: live });
          if (staleFile) {
            toast({
              title: 'Old PDF not removed',
              description: `The replaced file ${staleFile} is still stored; the site no longer links to it.`,
              variant: 'destructive',
            });
          }
          onDone();
        },
        onError: (error) => {
          toast(
            error instanceof PdfUploadError
              ? {
                  title: 'Upload failed',
                  description: `${error.message}${editing ? ' The current PDF is unchanged.' : ''}`,
                  variant: 'destructive',
                }
              : { title: 'Save failed', description: errorMessage(error), variant: 'destructive' },
          );
        },
        onSettled: () => {
          setProgress(null);
        },
      },
    );
  };

  const textField = textFieldsOf<TextField>('whitepaper', form, set);
  const field = (key: TextField, label: string, props: BoundTextFieldProps = {}) =>
    textField(key, label, { ...props, error: errors[key] });

  return (
    <section className="admin-card" aria-labelledby="whitepaper-form-title">
      <h2 id="whitepaper-form-title" className="admin-card__title">
        {editing ? 'Edit Whitepaper' : 'Add a Whitepaper'}
      </h2>
      <form ref={formRef} className="admin-form" noValidate onSubmit={onSubmit}>
        <div className="admin-grid-2">
          {field('title', 'Title', { required: true, maxLength: TITLE_MAX })}
          {field('category', 'Category', { required: true, list: 'whitepaper-categories' })}
        </div>
        <datalist id="whitepaper-categories">
          {SUGGESTED_CATEGORIES.map((category) => (
            <option key={category} value={category} />
          ))}
        </datalist>
        {field('description', 'Description', {
          multiline: true,
          maxLength: DESCRIPTION_MAX,
          hint: 'One or two sentences for the card, e.g. what a DME billing team learns from it.',
        })}
        <PdfDropZone
          id="whitepaper-file"
          file={chosen?.file ?? null}
          pages={chosen?.pages ?? null}
          onFile={(file) => {
            void onFile(file);
          }}
          onClear={() => {
            setChosen(null);
          }}
          error={fileError}
          disabled={busy}
          progress={progress}
        />
        {editing && (
          <p className="admin-muted">
            {editing.filePath
              ? chosen
                ? `Saving replaces the current file (${editing.filePath}); it is removed once the new one is stored.`
                : `Current file: ${editing.filePath}`
              : 'No file yet: the site shows this paper as Coming Soon until a PDF is uploaded.'}
          </p>
        )}
        <div className="admin-grid-2">
          {field('pages', 'Pages', {
            inputMode: 'numeric',
            hint: 'Read from the PDF when it can be; edit it if needed.',
          })}
          <AdminCheck
            checked={form.featured}
            onChange={(checked) => {
              set('featured', checked);
            }}
          >
            Featured (listed first with a Featured badge)
          </AdminCheck>
        </div>
        <div className="admin-actions">
          <AdminButton type="submit" variant="primary" disabled={busy}>
            {save.isPending ? 'Saving...' : editing ? 'Update Whitepaper' : 'Create Whitepaper'}
          </AdminButton>
          {editing && (
            <AdminButton onClick={onDone} disabled={save.isPending}>
              Cancel
            </AdminButton>
          )}
        </div>
      </form>
    </section>
  );
}
