/**
 * A stand-in for the app's supabase-js clients at their network boundary, for tests of the staff
 * sign-in and the screens that use a staff session: `supabase.auth` (sessions, MFA, password),
 * the public client's reads (`from`: block pages), and the admin data client's `rpc`, `from`
 * (reads) and `functions.invoke`. Tests mock '@/lib/supabase' with it
 * (loaded in vi.hoisted, before the modules under test import the client):
 *
 *   const { fake, resetFake, supabaseModule } = await vi.hoisted(() => import('@/testing/fake-supabase'));
 *   vi.mock('@/lib/supabase', () => supabaseModule());
 *
 * and set `fake.session`, `fake.factors`, or a method's answer (`fake.auth.signInWithPassword`,
 * `fake.rpc`...) per test; `resetFake()` in beforeEach.
 */
import { vi } from 'vitest';

/** base64url of the UTF-8 bytes of `text`, as a JWT part is. */
const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** An unsigned access token with these claims (the app only reads them; the server verifies). */
export function accessToken(claims: Record<string, unknown>): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(claims))}.signature`;
}

export interface FakeFactor {
  id: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  friendly_name: string;
  created_at: string;
  updated_at: string;
}

export interface FakeSession {
  access_token: string;
  refresh_token: string;
  user: { id: string; email: string; user_metadata: Record<string, unknown>; factors: FakeFactor[] };
}

/** A staff session: `role` is the token's staff_role claim (null: an account without one). */
export function staffSession({
  role = 'editor',
  email = 'dana@example.com',
  displayName = 'Dana Ortiz',
  aal = 'aal1',
  id = 'user-dana',
}: {
  role?: string | null;
  email?: string;
  displayName?: string;
  aal?: 'aal1' | 'aal2';
  id?: string;
} = {}): FakeSession {
  return {
    access_token: accessToken({
      sub: id,
      email,
      role: 'authenticated',
      aal,
      session_id: 'session-1',
      ...(role ? { staff_role: role } : {}),
    }),
    refresh_token: 'refresh',
    user: { id, email, user_metadata: displayName ? { display_name: displayName } : {}, factors: [] },
  };
}

/** An error as supabase-js's auth client returns it (AuthApiError: code, status, message). */
export function authError(code: string, message: string, status = 400): Error {
  return Object.assign(new Error(message), { name: 'AuthApiError', code, status, __isAuthError: true });
}

/** What a supabase-js call answers: data, or the error that stopped it (tests set either). */
export interface Answer {
  data: unknown;
  error: unknown;
}
const ok = (data: unknown): Promise<Answer> => Promise.resolve({ data, error: null });

interface FakeState {
  session: FakeSession | null;
  factors: FakeFactor[];
  /** What a read of each table answers (`from(name)...`, whatever the filters): its rows. */
  tables: Record<string, unknown[]>;
}

/**
 * A PostgREST query builder that takes any filter or modifier and answers the table's rows:
 * `eq(column, value)` keeps the matching rows, `maybeSingle()` answers the one row (or null);
 * every other filter and modifier is ignored.
 */
function tableQuery(rows: unknown[], single = false): unknown {
  const query: unknown = new Proxy(
    {},
    {
      get: (_target, property) => {
        if (property === 'then') {
          return (resolve: (answer: unknown) => unknown) =>
            resolve({ data: single ? (rows[0] ?? null) : rows, error: null });
        }
        if (property === 'eq') {
          return (column: string, value: unknown) =>
            tableQuery(
              rows.filter((row) => (row as Record<string, unknown>)[column] === value),
              single,
            );
        }
        if (property === 'maybeSingle') return () => tableQuery(rows, true);
        return () => query;
      },
    },
  );
  return query;
}

/** The fake's methods over `state`, each a vi.fn with its default answer. */
function createFakeOver(state: FakeState) {
  const verified = () => state.factors.filter((factor) => factor.status === 'verified');
  const aalOf = () => {
    const token = state.session?.access_token.split('.')[1] ?? '';
    if (!token) return null;
    const bytes = Uint8Array.from(atob(token.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as { aal?: string };
    return claims.aal ?? 'aal1';
  };
  const auth = {
    getSession: vi.fn(() => ok({ session: state.session })),
    getUser: vi.fn(() =>
      state.session
        ? ok({ user: state.session.user })
        : Promise.resolve<Answer>({
            data: { user: null },
            error: authError('session_not_found', 'Auth session missing!'),
          }),
    ),
    signInWithPassword: vi.fn<(credentials: { email: string; password: string }) => Promise<Answer>>(() =>
      ok({ session: state.session, user: state.session?.user ?? null }),
    ),
    signOut: vi.fn<(options?: { scope?: string }) => Promise<{ error: unknown }>>(() => {
      state.session = null;
      return Promise.resolve({ error: null });
    }),
    resetPasswordForEmail: vi.fn<(email: string, options?: { redirectTo?: string }) => Promise<Answer>>(() => ok({})),
    updateUser: vi.fn<(attributes: Record<string, unknown>) => Promise<Answer>>(() =>
      ok({ user: state.session?.user ?? null }),
    ),
    reauthenticate: vi.fn(() => ok({ user: null, session: null })),
    refreshSession: vi.fn(() => ok({ session: state.session, user: state.session?.user ?? null })),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: vi.fn() } } })),
    mfa: {
      getAuthenticatorAssuranceLevel: vi.fn(() => {
        const currentLevel = aalOf();
        return ok({
          currentLevel,
          nextLevel: currentLevel && verified().length > 0 ? 'aal2' : currentLevel,
          currentAuthenticationMethods: [],
        });
      }),
      listFactors: vi.fn(() => ok({ all: state.factors, totp: verified(), phone: [] })),
      challengeAndVerify: vi.fn<(params: { factorId: string; code: string }) => Promise<Answer>>(() => ok({})),
      enroll: vi.fn<(params: { factorType: string; friendlyName?: string }) => Promise<Answer>>(() =>
        ok({
          id: 'factor-new',
          type: 'totp',
          friendly_name: 'ClaimBridge admin',
          totp: { qr_code: 'data:image/svg+xml;utf-8,<svg></svg>', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://' },
        }),
      ),
      unenroll: vi.fn<(params: { factorId: string }) => Promise<Answer>>(() => ok({ id: 'factor' })),
    },
  };
  /** The admin data client's calls: rpc(name, args) and functions.invoke(name, {body}). */
  const rpc = vi.fn<(name: string, args?: Record<string, unknown>) => Promise<Answer>>(() => ok(null));
  const invoke = vi.fn<(name: string, options?: { body?: unknown }) => Promise<Answer>>(() => ok(null));
  const from = vi.fn((table: string) => tableQuery(state.tables[table] ?? []));
  const adminClient = { rpc, from, functions: { invoke } };
  return { state, auth, rpc, invoke, from, adminClient };
}

export const fake = createFakeOver({ session: null, factors: [], tables: {} });

/** The mocked '@/lib/supabase' module. */
export function supabaseModule() {
  return {
    supabase: { auth: fake.auth, rpc: fake.rpc, from: fake.from, functions: { invoke: fake.invoke } },
    createAdminClient: () => fake.adminClient,
  };
}

/** Each mock of `target` reset to the default answer of the same mock in `defaults`. */
function resetMocks(target: object, defaults: object): void {
  for (const [key, value] of Object.entries(defaults)) {
    const current: unknown = (target as Record<string, unknown>)[key];
    if (vi.isMockFunction(current) && vi.isMockFunction(value)) {
      current.mockReset();
      current.mockImplementation(value.getMockImplementation() ?? (() => undefined));
    } else if (value && typeof value === 'object' && current && typeof current === 'object') {
      resetMocks(current, value as object);
    }
  }
}

/** A clean slate: no session, no factors, every method back to its default answer. */
export function resetFake(): void {
  fake.state.session = null;
  fake.state.factors = [];
  fake.state.tables = {};
  resetMocks(fake, createFakeOver(fake.state));
}
