/** Seven customer wordmarks for the home carousel (fictional suppliers, artwork made for this site). */
export interface CustomerLogo {
  name: string;
  src: string;
}

/** A customer's wordmark, drawn in public/images/customers/<file>.svg. */
function customerLogo(name: string, file: string): CustomerLogo {
  return { name, src: `/images/customers/${file}.svg` };
}

export const CUSTOMER_LOGOS: readonly CustomerLogo[] = [
  customerLogo('Summit Home Medical', 'summit-home-medical'),
  customerLogo('CareLine Mobility', 'careline-mobility'),
  customerLogo('Oxygen Plus Supply', 'oxygen-plus-supply'),
  customerLogo('Riverbend Respiratory', 'riverbend-respiratory'),
  customerLogo('Heartland HME Services', 'heartland-hme'),
  customerLogo('Keystone O&P Clinics', 'keystone-op'),
  customerLogo('Coastal Sleep Solutions', 'coastal-sleep-solutions'),
];

export const LOGO_WIDTH = 200;
export const LOGO_HEIGHT = 64;
/** Most logos visible at once (wide screens); that many clones follow the list for the loop. */
export const MAX_VISIBLE_LOGOS = 5;
