import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ContactDialogProvider } from '@/features/leads/capture/contact-dialog-provider';
import { HEADER_SEARCH_INPUT_ID, HEADER_SEARCH_PANEL_ID } from '@/components/layouts/header-search';
import { isSearchShortcut, isTypingTarget } from '@/components/layouts/search-shortcut';
import { SiteHeader } from '@/components/layouts/site-header';

function renderHeader(path = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ContactDialogProvider>
            <SiteHeader />
            <main>
              <input aria-label="Your name" />
              <input type="checkbox" aria-label="Subscribe" />
              <textarea aria-label="Message" />
              <div contentEditable suppressContentEditableWarning aria-label="Editor">
                <p>text</p>
              </div>
              <button type="button">Other button</button>
            </main>
          </ContactDialogProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  const panel = document.getElementById(HEADER_SEARCH_PANEL_ID) as HTMLElement;
  return {
    router,
    // (The field's own submit button is also named Search: the toggle is the one that controls the panel.)
    toggle: document.querySelector(`button[aria-controls="${HEADER_SEARCH_PANEL_ID}"]`) as HTMLElement,
    panel,
    input: document.getElementById(HEADER_SEARCH_INPUT_ID) as HTMLInputElement,
  };
}

function isOpen(toggle: HTMLElement, panel: HTMLElement) {
  const expanded = toggle.getAttribute('aria-expanded') === 'true';
  expect(panel.classList.contains('header-search__panel--open')).toBe(expanded);
  return expanded;
}

const slash = (target: Element, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(target, { key: '/', code: 'Slash', ...init });

describe('header search', () => {
  it('the toggle controls a labelled search field, closed at first', () => {
    const { toggle, panel, input } = renderHeader();
    expect(toggle.textContent).toBe('Search');
    expect(toggle.getAttribute('aria-controls')).toBe(HEADER_SEARCH_PANEL_ID);
    expect(isOpen(toggle, panel)).toBe(false);
    expect(screen.getByRole('searchbox', { name: 'Search the site' })).toBe(input);
    const form = input.closest('form');
    // Without JavaScript it is a plain GET form to the server-rendered search page.
    expect(form?.getAttribute('action')).toBe('/search');
    expect(form?.getAttribute('method')).toBe('get');
    expect(input.name).toBe('q');

    fireEvent.click(toggle);
    expect(isOpen(toggle, panel)).toBe(true);
    expect(document.activeElement).toBe(input);
  });

  it('"/" opens it from anywhere but a field and focuses the field', () => {
    const { toggle, panel, input } = renderHeader();
    const other = screen.getByRole('button', { name: 'Other button' });
    other.focus();
    expect(slash(other)).toBe(false); // default prevented: no "/" typed into the field
    expect(isOpen(toggle, panel)).toBe(true);
    expect(document.activeElement).toBe(input);
  });

  it('"/" on the page body opens it too', () => {
    const { toggle, panel } = renderHeader();
    slash(document.body);
    expect(isOpen(toggle, panel)).toBe(true);
  });

  it.each([
    ['a text field', () => screen.getByRole('textbox', { name: 'Your name' })],
    ['a text area', () => screen.getByRole('textbox', { name: 'Message' })],
    ['editable content', () => screen.getByText('text')],
  ])('"/" while typing in %s types a slash', (_what, target) => {
    const { toggle, panel } = renderHeader();
    expect(slash(target())).toBe(true);
    expect(isOpen(toggle, panel)).toBe(false);
  });

  it('"/" with Ctrl, Meta or Alt is left to the browser', () => {
    const { toggle, panel } = renderHeader();
    slash(document.body, { ctrlKey: true });
    slash(document.body, { metaKey: true });
    slash(document.body, { altKey: true });
    expect(isOpen(toggle, panel)).toBe(false);
  });

  it('Escape closes it and returns focus to the toggle', () => {
    const { toggle, panel, input } = renderHeader();
    slash(document.body);
    expect(document.activeElement).toBe(input);

    fireEvent.keyDown(input, { key: 'Escape' });

    expect(isOpen(toggle, panel)).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('a click elsewhere closes it', () => {
    const { toggle, panel } = renderHeader();
    fireEvent.click(toggle);
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Other button' }));
    expect(isOpen(toggle, panel)).toBe(false);
  });

  it('submitting goes to the search page with the query, and closes it', () => {
    const { router, toggle, panel, input } = renderHeader('/about');
    fireEvent.click(toggle);
    fireEvent.change(input, { target: { value: '  prior auth & CMNs ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);

    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('prior auth & CMNs');
    expect(isOpen(toggle, panel)).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('the search and the mobile menu share the space under the bar: opening one closes the other', () => {
    const { toggle, panel } = renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(toggle);
    expect(isOpen(toggle, panel)).toBe(true);
    expect(menu.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(menu);
    expect(menu.getAttribute('aria-expanded')).toBe('true');
    expect(isOpen(toggle, panel)).toBe(false);
  });
});

describe('isSearchShortcut', () => {
  const keyOn = (target: EventTarget, init: KeyboardEventInit = {}) => {
    let seen: KeyboardEvent | null = null;
    target.addEventListener('keydown', (event) => (seen = event as KeyboardEvent), { once: true });
    target.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true, ...init }));
    return seen as unknown as KeyboardEvent;
  };

  it('is "/" (Shift allowed, for layouts that need it) outside fields and dialogs', () => {
    const button = document.createElement('button');
    document.body.append(button);
    expect(isSearchShortcut(keyOn(button))).toBe(true);
    expect(isSearchShortcut(keyOn(button, { shiftKey: true }))).toBe(true);
    expect(isSearchShortcut(keyOn(button, { key: '?' }))).toBe(false);
    expect(isSearchShortcut(keyOn(button, { isComposing: true }))).toBe(false);

    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    const inDialog = document.createElement('button');
    dialog.append(inDialog);
    document.body.append(dialog);
    expect(isSearchShortcut(keyOn(inDialog))).toBe(false);
    button.remove();
    dialog.remove();
  });

  it('isTypingTarget: text inputs, text areas, selects and editable content, not checkboxes or buttons', () => {
    const make = (html: string) => {
      const holder = document.createElement('div');
      holder.innerHTML = html;
      return holder.firstElementChild as Element;
    };
    expect(isTypingTarget(make('<input>'))).toBe(true);
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make('<input type="email">'))).toBe(true);
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<select></select>'))).toBe(true);
    expect(isTypingTarget(make('<div contenteditable="true"><p>x</p></div>').firstElementChild)).toBe(true);
    expect(isTypingTarget(make('<div contenteditable=""></div>'))).toBe(true);
    expect(
      isTypingTarget(make('<div contenteditable="true"><p contenteditable="false">x</p></div>').firstElementChild),
    ).toBe(false);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make('<button></button>'))).toBe(false);
    expect(isTypingTarget(make('<a href="/">x</a>'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
