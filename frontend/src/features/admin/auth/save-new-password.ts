import { useState } from 'react';
import { authErrorMessage } from '@/features/admin/shared/session/auth-error-message';
import { useNewPassword } from '@/features/admin/shared/session/new-password';
import { useUpdatePassword, type PasswordChange } from '@/features/admin/shared/session/update-password';

/**
 * A link landing's new password: its fields' state, and `submit`, which checks it and saves it
 * (with the account's `data`, when given). A failure the fields explain shows at the fields; any
 * other is the form's `problem`.
 */
export function useSaveNewPassword() {
  const [problem, setProblem] = useState<string | null>(null);
  const password = useNewPassword();
  const save = useUpdatePassword();

  const submit = (data: PasswordChange['data'], onSaved: () => void) => {
    setProblem(null);
    if (!password.validate()) return;
    save.mutate(
      { password: password.password, data },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (!password.showServerError(error)) setProblem(authErrorMessage(error));
        },
      },
    );
  };

  return { password, problem, saving: save.isPending, submit };
}
