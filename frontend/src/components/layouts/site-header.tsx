import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { company } from '@/config/company';
import { ContactDialogButton } from '@/components/lead-capture/contact-dialog-button';
import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { HeaderSearch } from './header-search';
import { PRIMARY_NAV } from './nav-items';

export const PRIMARY_NAV_ID = 'primary-navigation';

export function SiteHeader() {
  const { pathname } = useLocation();
  // The menu is open only for the path it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  // The search panel likewise; it and the menu share the space under the bar, so one closes the other.
  const [searchOpenOn, setSearchOpenOn] = useState<string | null>(null);
  const searchOpen = searchOpenOn === pathname;
  const setSearchOpen = useCallback(
    (next: boolean) => {
      setSearchOpenOn(next ? pathname : null);
      if (next) setOpenOn(null);
    },
    [pathname],
  );

  const close = () => {
    setOpenOn(null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      close();
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={onKeyDown}>
      <div className="site-header__inner container">
        <Link to="/" className="site-header__brand" aria-label={`${company.name} home`}>
          <Logo />
        </Link>

        <button
          ref={toggleRef}
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls={PRIMARY_NAV_ID}
          onClick={() => {
            setOpenOn(open ? null : pathname);
            setSearchOpenOn(null);
          }}
        >
          {open ? <CloseIcon size={24} /> : <MenuIcon size={24} />}
          <span className="visually-hidden">Menu</span>
        </button>

        <nav id={PRIMARY_NAV_ID} className={open ? 'site-nav site-nav--open' : 'site-nav'} aria-label="Primary">
          <ul className="plain-list site-nav__list">
            {PRIMARY_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/'} className="site-nav__link" onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ContactDialogButton className="button button--primary site-nav__cta" onOpen={close} noscriptNote={false}>
            Get Started
          </ContactDialogButton>
        </nav>

        <HeaderSearch open={searchOpen} onOpenChange={setSearchOpen} />
      </div>
    </header>
  );
}
