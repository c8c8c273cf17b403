import { runtimeConfig, type SocialLinks } from './runtime-config';

/** Company facts shown across the site (header, footer, contact details). */
export const company = runtimeConfig.company;

export type SocialNetwork = keyof SocialLinks;

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  linkedin: 'LinkedIn',
  x: 'X',
  facebook: 'Facebook',
  youtube: 'YouTube',
};

/** Configured social profiles only, in a stable order. */
export const socialLinks: SocialLink[] = (Object.keys(SOCIAL_LABELS) as SocialNetwork[]).flatMap((network) => {
  const href = company.social[network];
  return href ? [{ network, label: SOCIAL_LABELS[network], href }] : [];
});

/** `tel:` URI for a display phone number such as "(800) 555-0100 ext. 2". */
export function telHref(phone: string): string {
  const [main = '', extension] = phone.split(/\s*(?:ext\.?|x)\s*/i);
  const digits = main.replace(/[^\d+]/g, '');
  return extension ? `tel:${digits};ext=${extension.replace(/\D/g, '')}` : `tel:${digits}`;
}
