/** Seven customer wordmarks for the home carousel (fictional suppliers, artwork made for this site). */
export interface CustomerLogo {
  name: string;
  src: string;
}

export const CUSTOMER_LOGOS: readonly CustomerLogo[] = [
  { name: 'Summit Home Medical', src: '/images/customers/summit-home-medical.svg' },
  { name: 'CareLine Mobility', src: '/images/customers/careline-mobility.svg' },
  { name: 'Oxygen Plus Supply', src: '/images/customers/oxygen-plus-supply.svg' },
  { name: 'Riverbend Respiratory', src: '/images/customers/riverbend-respiratory.svg' },
  { name: 'Heartland HME Services', src: '/images/customers/heartland-hme.svg' },
  { name: 'Keystone O&P Clinics', src: '/images/customers/keystone-op.svg' },
  { name: 'Coastal Sleep Solutions', src: '/images/customers/coastal-sleep-solutions.svg' },
];

export const LOGO_WIDTH = 200;
export const LOGO_HEIGHT = 64;
/** Most logos visible at once (wide screens); that many clones follow the list for the loop. */
export const MAX_VISIBLE_LOGOS = 5;
