/**
 * Text as a web address's slug, as the database accepts post and page addresses: lower-case
 * letters and digits in runs joined by single hyphens, at most `maxLength` characters; accents
 * dropped, "&" read as "and".
 */
export function addressSlug(text: string, maxLength: number): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
