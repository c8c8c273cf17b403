/** The contact inquiry of spec §3: every field is required; the honeypot is not one of them. */
export interface ContactFormValues {
  companyName: string;
  yourName: string;
  email: string;
  phone: string;
  howCanWeHelp: string;
  howManyUsers: string;
  yearsInBusiness: string;
  claimsPerMonth: string;
  currentSoftware: string;
  aboutProducts: string;
}

export type ContactField = keyof ContactFormValues;

export interface ContactFieldSpec {
  name: ContactField;
  label: string;
  /** Input type, or 'textarea' for multi-line answers. */
  type: 'text' | 'email' | 'tel' | 'textarea';
  autoComplete?: string;
  placeholder?: string;
  /** Short fields share a row with their neighbour on wide screens. */
  half?: boolean;
}

/** Display order of the dialog. */
export const CONTACT_FIELDS: readonly ContactFieldSpec[] = [
  { name: 'companyName', label: 'Company name', type: 'text', autoComplete: 'organization', half: true },
  { name: 'yourName', label: 'Your name', type: 'text', autoComplete: 'name', half: true },
  { name: 'email', label: 'Work email', type: 'email', autoComplete: 'email', half: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', half: true },
  {
    name: 'howCanWeHelp',
    label: 'How can we help?',
    type: 'textarea',
    placeholder: 'e.g. Our denial rate on CPAP resupply has doubled since we changed clearinghouses.',
  },
  { name: 'howManyUsers', label: 'How many users?', type: 'text', placeholder: 'e.g. 5-10', half: true },
  { name: 'yearsInBusiness', label: 'Years in business', type: 'text', placeholder: 'e.g. 8', half: true },
  { name: 'claimsPerMonth', label: 'Claims per month', type: 'text', placeholder: 'e.g. 1,200', half: true },
  {
    name: 'currentSoftware',
    label: 'Current software',
    type: 'text',
    placeholder: 'e.g. Brightree, spreadsheets',
    half: true,
  },
  {
    name: 'aboutProducts',
    label: 'Tell us about your products',
    type: 'textarea',
    placeholder: 'e.g. CPAP and supplies, oxygen concentrators, hospital beds, power wheelchairs',
  },
];

/** Name of the hidden honeypot input: people never see it, form-filling bots do. */
export const HONEYPOT_FIELD = 'website';

export function emptyContactForm(): ContactFormValues {
  return {
    companyName: '',
    yourName: '',
    email: '',
    phone: '',
    howCanWeHelp: '',
    howManyUsers: '',
    yearsInBusiness: '',
    claimsPerMonth: '',
    currentSoftware: '',
    aboutProducts: '',
  };
}
