import { useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The tab a key moves to from `index` of `count` tabs (arrows wrap; Home, End), or null. */
function movedTo(key: string, index: number, count: number): number | null {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** The id of the tab `value` of the tab list with this `baseId` (for a panel's aria-labelledby). */
export const adminTabId = (baseId: string, value: string) => `${baseId}-tab-${value}`;

/** The id of the panel of the tab `value` (for the tab's aria-controls). */
export const adminPanelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

interface AdminTabsProps<T extends string> {
  /** The tab list's accessible name. */
  label: string;
  baseId: string;
  /** Each tab's value and visible name, in order. */
  tabs: ReadonlyArray<readonly [T, string]>;
  selected: T;
  onSelect: (value: T) => void;
  /** The id of the panel a tab controls; by default a panel per tab, `adminPanelId`'s. */
  panelIdOf?: (value: T) => string;
}

/**
 * An admin tab list (WAI-ARIA tabs, selection follows focus): the selected tab is the one in the
 * tab order, the arrow keys move between tabs and wrap, Home and End go to the first and last.
 */
export function AdminTabs<T extends string>({
  label,
  baseId,
  tabs,
  selected,
  onSelect,
  panelIdOf = (value) => adminPanelId(baseId, value),
}: AdminTabsProps<T>) {
  const buttons = useRef<Partial<Record<T, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = movedTo(
      event.key,
      tabs.findIndex(([value]) => value === selected),
      tabs.length,
    );
    const target = index === null ? undefined : tabs[index]?.[0];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    buttons.current[target]?.focus();
  };

  return (
    <div role="tablist" aria-label={label} className="admin-tabs" onKeyDown={onKeyDown}>
      {tabs.map(([value, name]) => (
        <button
          key={value}
          ref={(element) => {
            buttons.current[value] = element;
          }}
          type="button"
          role="tab"
          id={adminTabId(baseId, value)}
          aria-selected={selected === value}
          aria-controls={panelIdOf(value)}
          tabIndex={selected === value ? 0 : -1}
          className="admin-tab"
          onClick={() => {
            onSelect(value);
          }}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/** The panel of the tab `value` of the tab list with this `baseId`, shown while that tab is selected. */
export function AdminTabPanel({
  baseId,
  value,
  selected,
  children,
}: {
  baseId: string;
  value: string;
  selected: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={adminPanelId(baseId, value)}
      aria-labelledby={adminTabId(baseId, value)}
      hidden={selected !== value}
      className="admin-tabpanel"
    >
      {children}
    </div>
  );
}
