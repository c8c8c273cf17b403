export interface NavItem {
  to: string;
  label: string;
}

/** Primary navigation, in display order. */
export const PRIMARY_NAV: readonly NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/rcm-services', label: 'RCM Services' },
  { to: '/about', label: 'About' },
  { to: '/blog', label: 'Blog' },
  { to: '/contact', label: 'Contact' },
  { to: '/auth', label: 'Admin' },
];
