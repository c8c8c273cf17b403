import { Link } from 'react-router';
import { CtaBand } from '@/components/marketing/cta-band';
import { ContactDialogButton } from '@/components/contact-dialog/contact-dialog-button';

export function HomeCta() {
  return (
    <CtaBand
      id="home-cta"
      title="Find out what your claims are waiting on"
      text="Tell us your product lines and claim volume. A revenue-cycle specialist replies within 24 hours with a plan for your first 90 days."
      actions={
        <>
          <ContactDialogButton className="button button--accent button--large">Get Started</ContactDialogButton>
          <Link to="/rcm-services" className="button button--on-dark button--large">
            RCM services by customer type
          </Link>
        </>
      }
    />
  );
}
