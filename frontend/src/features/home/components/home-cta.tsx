import { CtaBand, GET_STARTED } from '@/components/marketing/cta-band';

export function HomeCta() {
  return (
    <CtaBand
      id="home-cta"
      title="Find out what your claims are waiting on"
      text="Tell us your product lines and claim volume. A revenue-cycle specialist replies within 24 hours with a plan for your first 90 days."
      actions={[GET_STARTED, { label: 'RCM services by customer type', to: '/rcm-services' }]}
    />
  );
}
