import { queryOptions } from '@tanstack/react-query';
import { invokeSimpleAuth } from '@/features/admin/shared/invoke-simple-auth';
import { adminKeys } from '@/data/admin/keys';

export interface ValidateResponse {
  valid: boolean;
  error?: string;
}

/** simple-auth `validate`: whether the stored token is still accepted. */
export async function validateToken(token: string): Promise<ValidateResponse> {
  const data = await invokeSimpleAuth<ValidateResponse>({ action: 'validate', token });
  return data ?? { valid: false };
}

/** Validated on every admin route entry: `entry` (the path) is part of the key. */
export const adminSessionQuery = (token: string, entry: string) =>
  queryOptions({
    queryKey: [...adminKeys.session, token, entry],
    queryFn: () => validateToken(token),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
