import type { ChangeEvent, Dispatch, RefObject, SetStateAction } from 'react';
import {
  CONTACT_FIELDS,
  HONEYPOT_FIELD,
  type ContactField,
  type ContactFormValues,
} from '@/features/leads/submission/contact-form';

export interface LeadFormFieldsProps {
  idPrefix: string;
  values: ContactFormValues;
  setValues: Dispatch<SetStateAction<ContactFormValues>>;
  /** Receives the first input, which the dialog focuses when it opens. */
  firstFieldRef: RefObject<HTMLInputElement | null>;
}

/** The fields of both lead forms (contact and whitepaper, spec §3), plus the hidden honeypot. */
export function LeadFormFields({ idPrefix, values, setValues, firstFieldRef }: LeadFormFieldsProps) {
  const onFieldChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as ContactField;
    const { value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  };

  return (
    <>
      <div className="contact-form__grid">
        {CONTACT_FIELDS.map((field, index) => {
          const id = `${idPrefix}-${field.name}`;
          const className = field.half ? 'field field--half' : 'field';
          return (
            <div key={field.name} className={className}>
              <label htmlFor={id} className="field__label">
                {field.label}
              </label>
              {field.type === 'textarea' ? (
                <textarea
                  id={id}
                  name={field.name}
                  className="field__control field__control--multiline"
                  rows={3}
                  required
                  placeholder={field.placeholder}
                  value={values[field.name]}
                  onChange={onFieldChange}
                />
              ) : (
                <input
                  ref={index === 0 ? firstFieldRef : undefined}
                  id={id}
                  name={field.name}
                  type={field.type}
                  className="field__control"
                  required
                  autoComplete={field.autoComplete}
                  placeholder={field.placeholder}
                  value={values[field.name]}
                  onChange={onFieldChange}
                />
              )}
            </div>
          );
        })}
      </div>

      {/* Honeypot: hidden from people and assistive technology, filled by bots. */}
      <div className="contact-form__trap" aria-hidden="true">
        <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Leave this field empty</label>
        <input
          id={`${idPrefix}-${HONEYPOT_FIELD}`}
          name={HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
    </>
  );
}
