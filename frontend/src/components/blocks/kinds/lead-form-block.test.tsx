import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InlineLeadFormContext, type InlineLeadFormProps } from '@/components/lead-capture/inline-lead-form-context';
import { LeadFormBlock } from './lead-form-block';

vi.mock('@/config/company', () => ({
  company: { email: 'billing-help@claimbridge.test', phone: '(800) 555-0148' },
}));

const DATA = { anchor: '', title: 'Register for the capped rental webinar', text: '', submitLabel: '' };

function StandInForm({ route, titleId, submitLabel }: InlineLeadFormProps) {
  return <form aria-labelledby={titleId} data-route={route} data-submit-label={submitLabel} />;
}

describe('LeadFormBlock', () => {
  it('shows the provided form labelled by its title, with the page route and the default button text', () => {
    render(
      <InlineLeadFormContext value={(props) => <StandInForm {...props} />}>
        <LeadFormBlock data={DATA} blockId="signup" route="/capped-rental-webinar" />
      </InlineLeadFormContext>,
    );
    const form = screen.getByRole('form', { name: 'Register for the capped rental webinar' });
    expect(form.dataset.route).toBe('/capped-rental-webinar');
    expect(form.dataset.submitLabel).toBe("Let's Connect");
  });

  it('without a form to show (no leads feature around it) says how else to reach the company', () => {
    render(<LeadFormBlock data={DATA} blockId="signup" route="/capped-rental-webinar" />);
    expect(screen.queryByRole('form')).toBeNull();
    const region = screen.getByRole('region', { name: 'Register for the capped rental webinar' });
    expect(region.textContent).toContain(
      'Email billing-help@claimbridge.test or call (800) 555-0148 and we will reply within 24 hours.',
    );
  });
});
