import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdminCheck, checksOf } from './admin-check';
import { AdminDateRange, type DayRange } from './admin-date-range';
import { AdminSelectField, selectFieldsOf, valueOptions } from './admin-select-field';
import { AdminTextField, textFieldsOf } from './admin-text-field';

describe('AdminSelectField', () => {
  it('hands back the chosen option’s own value: a number stays a number', () => {
    const onChange = vi.fn();
    render(
      <AdminSelectField
        id="days"
        label="Link expires after"
        value={7}
        options={[
          [1, '1 day'],
          [7, '7 days'],
          [30, '30 days'],
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Link expires after');
    expect((select as HTMLSelectElement).value).toBe('7');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['1 day', '7 days', '30 days']);
    fireEvent.change(select, { target: { value: '30' } });
    expect(onChange).toHaveBeenCalledWith(30);
  });

  it('shows plain values as their own labels', () => {
    render(
      <AdminSelectField
        id="og"
        label="OG Type"
        value="article"
        options={valueOptions(['website', 'article'])}
        onChange={vi.fn()}
      />,
    );
    expect(screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['website', 'website'],
      ['article', 'article'],
    ]);
  });

  it('selectFieldsOf binds selects to one form by key, the id from the prefix', () => {
    const onChange = vi.fn();
    const select = selectFieldsOf('page', { og_type: 'website', card: 'summary' }, onChange);
    render(select('card', 'Card Type', valueOptions(['summary', 'summary_large_image'])));
    const card = screen.getByLabelText('Card Type');
    expect([card.getAttribute('id'), (card as HTMLSelectElement).value]).toEqual(['page-card', 'summary']);
    fireEvent.change(card, { target: { value: 'summary_large_image' } });
    expect(onChange).toHaveBeenCalledWith('card', 'summary_large_image');
  });
});

describe('AdminTextField', () => {
  it('names its counter, hint and error in aria-describedby, and is invalid only with an error', () => {
    const { rerender } = render(
      <AdminTextField
        id="t"
        label="Title"
        value="DME denials"
        onChange={vi.fn()}
        required
        counter={{ max: 60 }}
        hint="Shown on the card."
      />,
    );
    const input = screen.getByLabelText('Title *');
    expect(input.getAttribute('aria-describedby')).toBe('t-counter t-hint');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(document.getElementById('t-counter')?.textContent).toBe('11/60');
    expect(document.getElementById('t-hint')?.textContent).toBe('Shown on the card.');

    rerender(<AdminTextField id="t" label="Title" value="" onChange={vi.fn()} required error="Enter a title." />);
    expect(input.getAttribute('aria-describedby')).toBe('t-error');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter a title.');
  });

  it('textFieldsOf binds fields to one form: ids from the prefix, values and changes by key', () => {
    function Form() {
      const [form, setForm] = useState({ title: 'Old', slug: 'old' });
      const field = textFieldsOf<'title' | 'slug'>('post', form, (key, value) => {
        setForm((current) => ({ ...current, [key]: value }));
      });
      return (
        <>
          {field('title', 'Title')}
          {field('slug', 'Slug', { multiline: true })}
          <output>{JSON.stringify(form)}</output>
        </>
      );
    }
    render(<Form />);
    const slug = screen.getByLabelText('Slug');
    expect(slug.getAttribute('id')).toBe('post-slug');
    expect(slug.tagName).toBe('TEXTAREA');
    fireEvent.change(slug, { target: { value: 'new-slug' } });
    expect(screen.getByRole('status').textContent).toBe('{"title":"Old","slug":"new-slug"}');
  });
});

describe('AdminDateRange', () => {
  it('bounds each day by the other and marks both invalid with the range problem', () => {
    function Range({ problemId }: { problemId?: string }) {
      const [range, setRange] = useState<DayRange>({ from: '2026-03-07', to: '' });
      return (
        <AdminDateRange
          id="r"
          labels={{ from: 'From', to: 'To' }}
          range={range}
          problemId={problemId}
          onChange={(end, day) => {
            setRange((current) => ({ ...current, [end]: day }));
          }}
        />
      );
    }
    const { rerender } = render(<Range />);
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('min')).toBe('2026-03-07');
    expect(from.hasAttribute('max')).toBe(false);
    fireEvent.change(to, { target: { value: '2026-03-09' } });
    expect(from.getAttribute('max')).toBe('2026-03-09');
    expect(from.hasAttribute('aria-invalid')).toBe(false);

    rerender(<Range problemId="r-problem" />);
    for (const input of [from, to]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe('r-problem');
    }
  });
});

describe('AdminCheck and checksOf', () => {
  it('binds a checkbox to a form’s boolean by key, its text inside the label', () => {
    const onChange = vi.fn();
    const check = checksOf<'noindex' | 'nofollow'>({ noindex: true, nofollow: false }, onChange);
    render(
      <>
        {check('noindex', 'NoIndex')}
        {check('nofollow', 'NoFollow')}
      </>,
    );
    const noindex = screen.getByLabelText<HTMLInputElement>('NoIndex');
    expect([noindex.type, noindex.checked, screen.getByLabelText<HTMLInputElement>('NoFollow').checked]).toEqual([
      'checkbox',
      true,
      false,
    ]);
    fireEvent.click(screen.getByLabelText('NoFollow'));
    expect(onChange).toHaveBeenCalledWith('nofollow', true);
  });

  it('is a named radio when asked', () => {
    render(
      <AdminCheck type="radio" name="when" checked={false} onChange={vi.fn()}>
        Publish now
      </AdminCheck>,
    );
    const radio = screen.getByLabelText<HTMLInputElement>('Publish now');
    expect([radio.type, radio.name, radio.closest('label')?.className]).toEqual(['radio', 'when', 'admin-check']);
  });
});
