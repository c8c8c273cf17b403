import { AdminTextField } from '@/features/admin/shared/admin-text-field';

/** The label of every authenticator code field. */
export const CODE_LABEL = 'Enter the 6-digit code from your authenticator app';

interface TotpCodeFieldProps {
  id: string;
  value: string;
  onChange: (code: string) => void;
  label?: string;
  hint?: string;
}

/** A 6-digit authenticator code: digits only, the phone's one-time-code autofill, a numeric keypad. */
export function TotpCodeField({ id, value, onChange, label = CODE_LABEL, hint }: TotpCodeFieldProps) {
  return (
    <AdminTextField
      id={id}
      label={label}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]{6}"
      maxLength={6}
      required
      hint={hint}
      value={value}
      onChange={(typed) => {
        onChange(typed.replace(/\D/g, '').slice(0, 6));
      }}
    />
  );
}
