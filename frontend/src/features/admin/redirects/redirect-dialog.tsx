import { useId, useState, type SubmitEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/features/admin/shared/admin-client';
import { AdminFormActions } from '@/features/admin/shared/admin-form-actions';
import { AdminCheck } from '@/features/admin/shared/admin-check';
import { AdminSelectField } from '@/features/admin/shared/admin-select-field';
import { textFieldsOf, type BoundTextFieldProps } from '@/features/admin/shared/admin-text-field';
import {
  describeRule,
  formToPayload,
  MATCH_LABELS,
  MATCH_TYPES,
  NOTE_MAX,
  STATUS_CODES,
  STATUS_LABELS,
  validateRedirectForm,
  type Redirect,
  type RedirectFormErrors,
  type RedirectFormValues,
} from './redirect-form';
import { useSaveRedirect } from './save-redirect';

type TextField = 'source' | 'target' | 'note';
const FIELD_ORDER: readonly TextField[] = ['source', 'target', 'note'];

const STATUS_OPTIONS = STATUS_CODES.map((code) => [code, STATUS_LABELS[code]] as const);
const STATUS_HINTS = {
  301: 'For a page that moved for good: search engines move its ranking to the new address.',
  302: 'For a short while (a campaign, maintenance): search engines keep the old address.',
  410: 'For a page removed for good, with nothing to replace it: search engines drop it sooner than after a 404.',
} as const;

export interface RedirectDialogProps {
  /** The rule being edited (its id, and whether the database made it), or null when adding. */
  editing: { id: string; automatic: boolean } | null;
  initial: RedirectFormValues;
  /** The other rules (a second rule for the same address is refused before the round trip). */
  others: readonly Redirect[];
  onClose: () => void;
}

/**
 * Add or edit a redirect. The form checks what it can (the database's own rules, said before the
 * round trip); what only the database sees (a loop through other rules, a clash with an existing
 * rule) comes back as its message, shown in the form as it is.
 */
export function RedirectDialog({ editing, initial, others, onClose }: RedirectDialogProps) {
  const baseId = useId();
  const [form, setForm] = useState<RedirectFormValues>(initial);
  const [errors, setErrors] = useState<RedirectFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveRedirect();

  const set = <K extends keyof RedirectFormValues>(key: K, value: RedirectFormValues[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    setRefusal(null);
  };

  const textField = textFieldsOf<TextField>(`${baseId}-redirect`, form, set);
  const field = (key: TextField, label: string, props: BoundTextFieldProps = {}) =>
    textField(key, label, { ...props, error: errors[key] });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRedirectForm(form, others);
    const firstInvalid = FIELD_ORDER.find((key) => found[key]);
    if (firstInvalid) {
      setErrors(found);
      // Said under the field (an alert); a toast would cover the dialog's buttons on a phone.
      document.getElementById(`${baseId}-redirect-${firstInvalid}`)?.focus();
      return;
    }
    const payload = formToPayload(form);
    save.mutate(
      { id: editing?.id ?? null, payload },
      {
        onSuccess: (saved) => {
          // The database collapses chains: the rule may now point past what was typed.
          const moved = saved.target !== null && saved.target !== payload.target;
          toast({
            title: editing ? 'Redirect updated' : 'Redirect added',
            description: moved
              ? `${saved.source} now goes straight to ${saved.target}, where ${payload.target ?? ''} already redirects.`
              : describeRule({ ...form, source: saved.source }),
          });
          onClose();
        },
        // The database's words, in the form (an alert) while it is fixed.
        onError: (error) => {
          setRefusal(errorMessage(error));
        },
      },
    );
  };

  const preview = describeRule(form);

  return (
    <Dialog open onClose={onClose} title={editing ? 'Edit Redirect' : 'Add Redirect'} className="admin-dialog">
      <form className="admin-form redirect-form" noValidate onSubmit={onSubmit}>
        {editing?.automatic && (
          <p className="admin-note" role="note">
            Made automatically when a post’s web address or a page’s route changed. You can change it like any other.
          </p>
        )}
        {field('source', 'Old address', {
          required: true,
          placeholder: form.match === 'prefix' ? '/old-section/' : '/old-page',
          hint: 'The path visitors ask for, without the domain.',
        })}
        <fieldset className="admin-fieldset">
          <legend>Match</legend>
          {MATCH_TYPES.map((match) => (
            <AdminCheck
              key={match}
              type="radio"
              name={`${baseId}-match`}
              checked={form.match === match}
              onChange={() => {
                set('match', match);
              }}
            >
              {MATCH_LABELS[match]}
              <span className="admin-muted redirect-form__choice-hint">
                {match === 'exact'
                  ? ' (the address itself; a trailing / is ignored)'
                  : ' (every address that starts with it; the rest is kept)'}
              </span>
            </AdminCheck>
          ))}
        </fieldset>
        <div className="admin-field">
          <AdminSelectField
            id={`${baseId}-redirect-status`}
            label="Type"
            value={form.status}
            options={STATUS_OPTIONS}
            onChange={(status) => {
              set('status', status);
            }}
          />
          <p className="admin-muted">{STATUS_HINTS[form.status]}</p>
        </div>
        {form.status !== 410 &&
          field('target', 'New address', {
            required: true,
            placeholder: '/blog/new-post',
            hint:
              form.match === 'prefix'
                ? 'A path on this site, e.g. /new-section/.'
                : 'A path on this site, e.g. /blog/new-post, or a full https:// address.',
          })}
        {field('note', 'Note', {
          multiline: true,
          maxLength: NOTE_MAX,
          hint: 'Optional: why the redirect exists, for whoever reads this list next.',
        })}
        {preview && (
          <p className="redirect-form__preview" aria-live="polite">
            {preview}
          </p>
        )}
        {refusal && (
          <p className="admin-error redirect-form__refusal" role="alert">
            {refusal}
          </p>
        )}
        <AdminFormActions
          onCancel={onClose}
          cancelDisabled={save.isPending}
          saving={save.isPending}
          submitLabel={editing ? 'Update Redirect' : 'Add Redirect'}
          savingLabel="Saving..."
        />
      </form>
    </Dialog>
  );
}
