// The lead forms' payload (product spec §3, §7) and their rules (§5).
export const REQUIRED_FIELDS = [
  'companyName', 'yourName', 'email', 'phone', 'howCanWeHelp', 'howManyUsers',
  'yearsInBusiness', 'claimsPerMonth', 'currentSoftware', 'aboutProducts',
]

/** Text, at-sign, text, dot, text; no spaces. */
export function isValidEmail(email: string): boolean {
  return email.length <= 320 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)
}

export type Lead = {
  payload: Record<string, unknown>
  email: string
  companyName: string
  fullName: string
  source: string
  captchaToken: string
}

export function parseLead(body: Record<string, unknown>): Lead | string {
  const missing = REQUIRED_FIELDS.filter((field) => typeof body[field] !== 'string' || !(body[field] as string).trim())
  if (missing.length) return `Missing required fields: ${missing.join(', ')}`
  const long = REQUIRED_FIELDS.find((field) => (body[field] as string).length > 10_000)
  if (long) return `${long} is longer than 10000 characters`
  const text = (field: string) => (typeof body[field] === 'string' ? (body[field] as string).trim() : '')
  const email = text('email')
  if (!isValidEmail(email)) return 'Invalid email address'
  for (const field of ['source', 'timestamp', 'recaptchaToken']) {
    if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') return `${field} must be a string`
  }
  return {
    payload: body,
    email,
    companyName: text('companyName'),
    fullName: text('yourName'),
    source: text('source').slice(0, 200) || 'website',
    captchaToken: text('recaptchaToken'),
  }
}
