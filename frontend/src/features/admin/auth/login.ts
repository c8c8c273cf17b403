import { useMutation } from '@tanstack/react-query';
import { invokeSimpleAuth } from '@/features/admin/shared/invoke-simple-auth';

export interface LoginResponse {
  success: boolean;
  token?: string;
  error?: string;
}

/** simple-auth `login`: the passcode for a token (or `{ success: false, error }`). */
export async function login(passcode: string): Promise<LoginResponse> {
  const data = await invokeSimpleAuth<LoginResponse>({ action: 'login', passcode });
  return data ?? { success: false };
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
