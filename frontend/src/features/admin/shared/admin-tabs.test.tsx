import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AdminTabs, adminTabId } from './admin-tabs';

const TABS = [
  ['basic', 'Basic'],
  ['social', 'Social'],
  ['preview', 'Preview'],
] as const;
type Tab = (typeof TABS)[number][0];

function Tabs() {
  const [tab, setTab] = useState<Tab>('basic');
  return (
    <>
      <AdminTabs
        label="Sections"
        baseId="t"
        tabs={TABS}
        selected={tab}
        onSelect={setTab}
        panelIdOf={(value) => `t-panel-${value}`}
      />
      <div role="tabpanel" aria-labelledby={adminTabId('t', tab)} />
    </>
  );
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('AdminTabs', () => {
  it('names its list, links each tab to its panel and keeps only the selected tab in the tab order', () => {
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => [tab.id, tab.getAttribute('aria-controls'), tab.tabIndex])).toEqual([
      ['t-tab-basic', 't-panel-basic', 0],
      ['t-tab-social', 't-panel-social', -1],
      ['t-tab-preview', 't-panel-preview', -1],
    ]);
    expect(screen.getByRole('tabpanel', { name: 'Basic' })).toBeTruthy();
  });

  it.each([
    ['ArrowRight', 'Social'],
    ['ArrowLeft', 'Preview'],
    ['End', 'Preview'],
    ['Home', 'Basic'],
  ])('%s from the first tab selects and focuses %s', (key, expected) => {
    render(<Tabs />);
    fireEvent.keyDown(selected(), { key });
    expect(selected().textContent).toBe(expected);
    expect(document.activeElement).toBe(selected());
  });

  it('wraps from the last tab to the first, ignores other keys and selects on click', () => {
    render(<Tabs />);
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    fireEvent.keyDown(selected(), { key: 'ArrowRight' });
    expect(selected().textContent).toBe('Basic');
    fireEvent.keyDown(selected(), { key: 'ArrowDown' });
    expect(selected().textContent).toBe('Basic');
  });
});
