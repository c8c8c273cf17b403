export interface SplitName {
  firstName: string;
  lastName: string;
}

/** First word is the first name; the remaining words (single-spaced) are the last name. */
export function splitName(fullName: string): SplitName {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/).filter(Boolean);
  return { firstName, lastName: rest.join(' ') };
}
