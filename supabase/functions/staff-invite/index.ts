// staff-invite: an owner invites a staff member, or sends an invitation again (same contract as
// the Rust handler).
//   {action:'invite', email, role, display_name?} → {user:{id,email}, status:'invited'}
//   {action:'resend', user_id}                     → {status:'invited'}
// Only an owner may (private.staff_role(), asked through staff_me as the caller), or the admin
// passcode's token (the owner's break-glass sign-in). The account and its invitation email come
// from GoTrue's admin API (service role); the role is recorded with private.staff_add, where
// staff cannot write it, and the custom access token hook puts it in their tokens.
import { createClient } from 'npm:@supabase/supabase-js@2.109.0'
import { validate } from '../_shared/admin-token.ts'
import { sql } from '../_shared/db.ts'
import { json, postedObject } from '../_shared/http.ts'

const ROLES = ['owner', 'editor', 'author']

function bearer(request: Request): string {
  const header = request.headers.get('authorization') ?? ''
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : ''
}

/** The inviter's user id (null for the passcode), or undefined when the caller is not an owner. */
async function owner(token: string): Promise<string | null | undefined> {
  if ((await validate(token, Deno.env.get('ADMIN_PASSCODE_HASH') ?? '')).valid) return null
  if (!token) return undefined
  // The database decides, as for every write: staff_me answers with the caller's claims through
  // private.staff_role() (a demoted, deactivated, banned or deleted owner, or an ended session,
  // is no owner).
  const caller = createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_ANON_KEY') ?? '', {
    auth: { autoRefreshToken: false, persistSession: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  })
  const { data } = await caller.rpc('staff_me')
  const me = (data as { user_id: string | null; role: string }[] | null)?.[0]
  return me?.role === 'owner' && me.user_id ? me.user_id : undefined
}

function adminClient() {
  return createClient(Deno.env.get('SUPABASE_URL') ?? '', Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '', {
    auth: { autoRefreshToken: false, persistSession: false },
  })
}

function refusal(error: { code?: string; status?: number; message: string }, who: string): Response {
  if (error.code === 'email_exists') return json({ error: `${who} already has an account.` }, 409)
  if (error.code === 'validation_failed') return json({ error: 'Enter a valid email address.' }, 422)
  if (error.status === 429) return json({ error: 'Too many invitations at once: try again in a minute.' }, 429, { 'Retry-After': '60' })
  if ((error.status ?? 500) >= 500) return json({ error: 'The invitation could not be sent: try again shortly.' }, 503)
  return json({ error: error.message }, 422)
}

export async function handler(request: Request): Promise<Response> {
  const inviter = await owner(bearer(request))
  if (inviter === undefined) return json({ error: 'Only an owner can invite staff.' }, 403)
  const body = await postedObject(request, 16 * 1024)
  if (body instanceof Response) return body
  const siteUrl = (Deno.env.get('SITE_URL') ?? Deno.env.get('SUPABASE_URL') ?? '').replace(/\/$/, '')
  const redirectTo = `${siteUrl}/auth/welcome`
  const admin = adminClient()
  if (body.action === 'invite') {
    const email = typeof body.email === 'string' ? body.email : ''
    const role = typeof body.role === 'string' ? body.role : ''
    if (!ROLES.includes(role)) return json({ error: 'Choose a role: owner, editor or author.' }, 422)
    const name = typeof body.display_name === 'string' ? body.display_name.trim().slice(0, 120) : ''
    const { data, error } = await admin.auth.admin.inviteUserByEmail(email, {
      data: name ? { display_name: name } : {},
      redirectTo,
    })
    if (error || !data.user) return refusal(error ?? { message: 'No user' }, email)
    await sql()`select private.staff_add(${data.user.id}, ${role}, ${inviter})`
    return json({ user: { id: data.user.id, email: data.user.email }, status: 'invited' })
  }
  if (body.action === 'resend') {
    const id = typeof body.user_id === 'string' ? body.user_id : ''
    const rows = await sql()`select u.email, u.raw_user_meta_data as data from private.staff_members m
      join auth.users u on u.id = m.user_id where m.user_id = ${id}`
    if (rows.length === 0) return json({ error: 'That person is not on the staff list.' }, 422)
    const { error } = await admin.auth.admin.inviteUserByEmail(rows[0].email, { data: rows[0].data ?? {}, redirectTo })
    if (error) return refusal(error, 'That person')
    return json({ status: 'invited' })
  }
  return json({ error: "Unknown action: use 'invite' or 'resend'" }, 400)
}

if (import.meta.main) Deno.serve(handler)
