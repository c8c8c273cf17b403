import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import { CloseButton } from '@/components/ui/close-button';
import { tabbableElements } from '@/components/ui/dialog';
import { MenuIcon } from '@/components/ui/icons';
import { AdminButton } from '@/features/admin/shared/admin-button';
import { ROLE_LABELS, sectionGroupsFor } from '@/features/admin/shared/admin-role';
import { confirmLeave } from '@/features/admin/shared/unsaved-changes';
import type { AdminSession } from '@/features/admin/shared/session/admin-session';
import { useMediaQuery } from '@/lib/use-media-query';

/** Below this width the sidebar is a drawer behind the Menu button (admin.css uses the same). */
const DRAWER_QUERY = '(max-width: 60rem)';

interface AdminShellProps {
  session: AdminSession;
  onSignOut: () => void;
  children: ReactNode;
}

/**
 * The admin's frame: a sidebar with the role's screens grouped by job, the signed-in person
 * and Sign Out; on narrow screens a slim bar whose Menu button opens the sidebar as a drawer
 * (Tab stays in it; Escape, the backdrop or a link close it; the page behind is inert while it
 * is open, and focus goes back to the Menu button).
 */
export function AdminShell({ session, onSignOut, children }: AdminShellProps) {
  const { pathname } = useLocation();
  const drawerMode = useMediaQuery(DRAWER_QUERY);
  const [open, setOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLDivElement>(null);
  const drawerOpen = open && drawerMode;

  // A link followed, or the screen widened past the drawer: the drawer closes.
  const [shownFor, setShownFor] = useState({ pathname, drawerMode });
  if (shownFor.pathname !== pathname || shownFor.drawerMode !== drawerMode) {
    setShownFor({ pathname, drawerMode });
    setOpen(false);
  }

  const close = () => {
    setOpen(false);
    menuButton.current?.focus();
  };

  useEffect(() => {
    if (!drawerOpen) return;
    if (drawer.current) tabbableElements(drawer.current)[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        menuButton.current?.focus();
        return;
      }
      // Tab goes round the drawer's controls (the screen behind is inert).
      if (event.key !== 'Tab' || !drawer.current) return;
      const controls = tabbableElements(drawer.current);
      const first = controls[0];
      const last = controls[controls.length - 1];
      const at = document.activeElement;
      const inside = at instanceof Node && drawer.current.contains(at);
      if (event.shiftKey && (at === first || !inside)) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && (at === last || !inside)) {
        event.preventDefault();
        first?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [drawerOpen]);

  return (
    <div className="admin">
      <header className="admin-rail">
        <div className="admin-bar">
          <span className="admin-bar__title">Admin Dashboard</span>
          <button
            ref={menuButton}
            type="button"
            className="admin-bar__menu"
            aria-expanded={drawerOpen}
            aria-controls="admin-drawer"
            onClick={() => {
              setOpen(true);
            }}
          >
            <MenuIcon size={20} />
            Menu
          </button>
        </div>
        {/* In the bar's stacking context, under the drawer. */}
        {drawerOpen && <div className="admin-backdrop" aria-hidden="true" onClick={close} />}
        <div
          id="admin-drawer"
          ref={drawer}
          className="admin-drawer"
          data-open={drawerOpen || undefined}
          role={drawerOpen ? 'dialog' : undefined}
          aria-modal={drawerOpen || undefined}
          aria-label={drawerOpen ? 'Menu' : undefined}
        >
          <div className="admin-drawer__head">
            <CloseButton className="admin-drawer__close" label="Close menu" onClick={close} size={22} />
          </div>
          <nav aria-label="Admin" className="admin-sidebar">
            {sectionGroupsFor(session.role).map(({ group, sections }) => (
              <div key={group} className="admin-sidebar__group">
                <p className="admin-sidebar__heading" id={`admin-group-${group}`}>
                  {group}
                </p>
                <ul className="admin-sidebar__links" aria-labelledby={`admin-group-${group}`}>
                  {sections.map(({ label, path }) => (
                    <li key={path}>
                      <NavLink
                        to={`/admin/${path}`}
                        className="admin-sidebar__link"
                        onClick={(event) => {
                          if (!confirmLeave()) event.preventDefault();
                        }}
                      >
                        {label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          <div className="admin-you">
            <p className="admin-you__person">
              <span className="visually-hidden">Signed in as </span>
              <span className="admin-you__name">{session.name}</span>
              <span className="admin-you__role">{ROLE_LABELS[session.role]}</span>
            </p>
            <AdminButton className="admin-you__sign-out" onClick={onSignOut}>
              Sign Out
            </AdminButton>
          </div>
        </div>
      </header>
      <main className="admin-main" inert={drawerOpen}>
        {children}
      </main>
    </div>
  );
}
