import { createContext, useContext } from 'react';
import { can, type Capability, type StaffRole } from '@/features/admin/shared/admin-role';

/** Who is signed in to the admin, as the screens see it. */
export interface AdminSession {
  /** The admin passcode (break-glass, an owner without an account) or a staff account. */
  kind: 'passcode' | 'staff';
  role: StaffRole;
  /** The staff member's auth user id (null for the passcode). */
  userId: string | null;
  email: string | null;
  /** Their display name, else their email; 'Passcode' for the passcode. */
  name: string;
}

export const PASSCODE_SESSION: AdminSession = {
  kind: 'passcode',
  role: 'owner',
  userId: null,
  email: null,
  name: 'Passcode',
};

/**
 * The signed-in session, provided by the admin layout once it has checked the credential. Screens
 * rendered outside it (their own tests) see the passcode's owner session, which offers everything;
 * the server still refuses whatever the real caller may not do.
 */
export const AdminSessionContext = createContext<AdminSession>(PASSCODE_SESSION);

export function useAdminSession(): AdminSession {
  return useContext(AdminSessionContext);
}

/** Whether the signed-in role may do `capability`. */
export function useCan(capability: Capability): boolean {
  return can(useAdminSession().role, capability);
}
