import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress } from './email-address';

describe('EmailAddress', () => {
  it('offers one line break, right after the @, and reads as the plain address', () => {
    render(
      <a href="mailto:hello@claimbridge.com">
        <EmailAddress address="hello@claimbridge.com" />
      </a>,
    );
    const link = screen.getByRole('link', { name: 'hello@claimbridge.com' });
    expect(link.innerHTML).toBe('hello@<wbr>claimbridge.com');
    expect(link.textContent).toBe('hello@claimbridge.com');
  });

  it('breaks after the last @ of a quoted local part, and leaves text without a domain as it is', () => {
    const { container, rerender } = render(<EmailAddress address={'"a@b"@example.test'} />);
    expect(container.innerHTML).toBe('"a@b"@<wbr>example.test');
    rerender(<EmailAddress address="@example.test" />);
    expect(container.innerHTML).toBe('@example.test');
    rerender(<EmailAddress address="hello" />);
    expect(container.innerHTML).toBe('hello');
  });
});
