import { useState } from 'react';
import { AdminTextField } from '@/features/admin/shared/admin-text-field';
import { authErrorMessage, minimumLengthFrom } from './auth-error-message';

export interface NewPasswordProblems {
  password?: string;
  confirm?: string;
}

/**
 * What is wrong with a new password before it is sent: empty, shorter than the server's minimum
 * (once the server has said it), or not typed the same twice. The server checks its own rules
 * again and says which it refused.
 */
export function newPasswordProblems(password: string, confirm: string, minLength: number | null): NewPasswordProblems {
  if (!password) return { password: 'Enter a new password.' };
  if (minLength !== null && password.length < minLength) {
    return { password: `Use at least ${minLength} characters.` };
  }
  if (password !== confirm) return { confirm: 'The two passwords do not match.' };
  return {};
}

/** A new password typed twice, its problems, and the server's minimum once learned. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<NewPasswordProblems>({});
  const [minLength, setMinLength] = useState<number | null>(null);

  return {
    password,
    confirm,
    problems,
    minLength,
    setPassword,
    setConfirm,
    /** Checks the fields before sending; false (with the problems shown) when they will not do. */
    validate(): boolean {
      const found = newPasswordProblems(password, confirm, minLength);
      setProblems(found);
      return !found.password && !found.confirm;
    },
    /**
     * Shows a refused password under its field (weak_password: the server's rules, whose
     * minimum length is kept for the next try); true when the error was about the password.
     */
    showServerError(error: unknown): boolean {
      const code = (error as { code?: unknown } | null)?.code;
      if (code !== 'weak_password' && code !== 'same_password') return false;
      const message = authErrorMessage(error);
      const learned = minimumLengthFrom(message);
      if (learned !== null) setMinLength(learned);
      setProblems({ password: message });
      return true;
    },
    reset() {
      setPassword('');
      setConfirm('');
      setProblems({});
    },
  };
}

export type NewPasswordState = ReturnType<typeof useNewPassword>;

/** The new password and its confirmation, with the rule known so far and each field's problem. */
export function NewPasswordFields({ idPrefix, state }: { idPrefix: string; state: NewPasswordState }) {
  return (
    <>
      <AdminTextField
        id={`${idPrefix}-password`}
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={state.minLength ?? undefined}
        hint={
          state.minLength
            ? `At least ${state.minLength} characters.`
            : 'A long passphrase is best: one you do not use anywhere else.'
        }
        error={state.problems.password}
        value={state.password}
        onChange={state.setPassword}
      />
      <AdminTextField
        id={`${idPrefix}-confirm`}
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={state.problems.confirm}
        value={state.confirm}
        onChange={state.setConfirm}
      />
    </>
  );
}
