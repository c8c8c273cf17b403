import type { WebhookPayload } from '@/features/leads/submission/webhook-payload';

/** One answer of a lead's form as staff read it: the field's key, its label, and the answer. */
export interface LeadDetail {
  key: string;
  label: string;
  value: string;
}

/**
 * What the contact form sends (its payload keys; the captcha token is never shown), named for
 * staff. The type makes a field the form gains without a label here a compile error.
 */
const CONTACT_LABELS = {
  companyName: 'Company',
  yourName: 'Name',
  email: 'Email',
  phone: 'Phone',
  howCanWeHelp: 'How can we help?',
  howManyUsers: 'How many users',
  yearsInBusiness: 'Years in business',
  claimsPerMonth: 'Claims per month',
  currentSoftware: 'Current software',
  aboutProducts: 'Products',
  timestamp: 'Sent at',
  source: 'Sent from',
} as const satisfies Record<Exclude<keyof WebhookPayload, 'recaptchaToken'>, string>;

/**
 * Every field label, in the order details and export columns list them: the contact form's,
 * then what only the whitepaper form stores (its job title, and challenges it did not label).
 */
const FIELD_LABELS: ReadonlyMap<string, string> = new Map(
  Object.entries({ ...CONTACT_LABELS, jobTitle: 'Job title', currentChallenges: 'Current challenges' }),
);
const FIELD_ORDER: ReadonlyMap<string, number> = new Map([...FIELD_LABELS.keys()].map((key, index) => [key, index]));

/**
 * Keys that never show as details: the captcha tokens and the honeypot, the name, company,
 * email and phone (shown once, above the details), and the browser's send time (the lead's
 * received time says when).
 */
const NOT_DETAILS: ReadonlySet<string> = new Set([
  'recaptchaToken',
  'captchaToken',
  'website',
  'honeypot',
  'companyName',
  'yourName',
  'email',
  'phone',
  'timestamp',
]);

/** `howManyUsers`, `how_many_users` → "How many users": a field no label names still reads as words. */
export function humanLabel(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[\s_.-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** How a field is named on screen and in the export. */
export function fieldLabel(key: string): string {
  return FIELD_LABELS.get(key) ?? humanLabel(key);
}

/** Known fields first, in form order; any others after them, in the order given. */
export function byFieldOrder(keys: Iterable<string>): string[] {
  const unknown = FIELD_ORDER.size;
  return [...new Set(keys)]
    .map((key, index) => ({ key, index }))
    .sort((a, b) => (FIELD_ORDER.get(a.key) ?? unknown) - (FIELD_ORDER.get(b.key) ?? unknown) || a.index - b.index)
    .map(({ key }) => key);
}

/** A posted answer as text (trimmed); '' for what is no text, number or yes/no. */
export const answerText = (value: unknown): string =>
  typeof value === 'string'
    ? value.trim()
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

/** The details of a lead's answers: labelled, in form order, without what shows elsewhere or is empty. */
export function leadDetails(answers: Iterable<readonly [string, unknown]>): LeadDetail[] {
  const values = new Map<string, string>();
  for (const [key, value] of answers) {
    const shown = answerText(value);
    if (!NOT_DETAILS.has(key) && shown !== '' && !values.has(key)) values.set(key, shown);
  }
  return byFieldOrder(values.keys()).map((key) => ({ key, label: fieldLabel(key), value: values.get(key) ?? '' }));
}

/**
 * The whitepaper form stores four contact-form answers as one text, a "Label: answer" line
 * each (an answer may go on over more lines): their prefixes and the fields they are.
 */
const CHALLENGE_PARTS: ReadonlyArray<readonly [prefix: string, key: keyof typeof CONTACT_LABELS]> = [
  ['How can we help:', 'howCanWeHelp'],
  ['Claims per month:', 'claimsPerMonth'],
  ['Current software:', 'currentSoftware'],
  ['Products:', 'aboutProducts'],
];

/**
 * A whitepaper submission's challenges text split back into its fields; text before the first
 * labelled line (or a text with none) is "Current challenges".
 */
export function challengeAnswers(challenges: string): [string, string][] {
  const parts: { key: string; lines: string[] }[] = [];
  for (const line of challenges.split(/\r?\n/)) {
    const part = CHALLENGE_PARTS.find(
      ([prefix, key]) => line.startsWith(prefix) && !parts.some((seen) => seen.key === key),
    );
    const current = parts.at(-1);
    if (part) parts.push({ key: part[1], lines: [line.slice(part[0].length)] });
    else if (current) current.lines.push(line);
    else parts.push({ key: 'currentChallenges', lines: [line] });
  }
  return parts.map(({ key, lines }) => [key, lines.join('\n').trim()]);
}
