import { Link, useLocation } from 'wouter-preact';
import { useAuth } from '../auth/AuthContext';
import { useCanJoin } from '../pages/admin/adminQueries';
import { AddMenu } from './AddMenu';
import { Menu } from './Menu';
import { NotificationBell } from './NotificationBell';
import { SearchBox } from './SearchBox';
import { StaffLinks, useStaffBadge } from './StaffLinks';
import { ThemeSelect } from './ThemeSelect';

/**
 * The chart link of the navigation: all time, all genres. The spec's current
 * year opens three empty columns for the months before anything of the year
 * is rated (and always on a site whose catalogue is older); all time has data
 * as soon as any album has a rating.
 */
export function defaultChartsPath(): string {
  return '/charts/all-time/all-genres';
}

export function profilePath(username: string): string {
  return `/user/${encodeURIComponent(username)}`;
}

export function Header() {
  const [location, navigate] = useLocation();
  const { user, logOut } = useAuth();
  const joinable = useCanJoin(user == null);
  const linkClass = (active: boolean) => (active ? 'nav-link active' : 'nav-link');
  const settings = useStaffBadge('Settings', 'settings');

  return (
    <header class="header">
      <a class="skip-link" href="#main">
        Skip to content
      </a>
      <Link href="/" class="brand" aria-label="halfstar home">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        <span>halfstar</span>
      </Link>
      <nav class="nav" aria-label="Main">
        <Link href="/" class={linkClass(location === '/')}>
          Home
        </Link>
        <Link href="/my-library" class={linkClass(location.startsWith('/my-library'))}>
          Library
        </Link>
        <Link href={defaultChartsPath()} class={linkClass(location.includes('charts'))}>
          Charts
        </Link>
        {user && (
          <Link href={profilePath(user.username)} class={linkClass(location.startsWith('/user/'))}>
            Profile
          </Link>
        )}
      </nav>
      <div class="header-search">
        <SearchBox />
      </div>
      <div class="header-actions">
        <AddMenu />
        <NotificationBell class="nav-link nav-button icon-only" />
        <Menu label={settings.label} buttonContent={settings.buttonContent} buttonClass="nav-link nav-button icon-only">
          {(close) => (
            <>
              <ThemeSelect />
              {user && (
                <Link href="/settings/account" role="menuitem" class="menu-item" onClick={close}>
                  Account settings
                </Link>
              )}
              {user && (
                <Link href="/settings/import" role="menuitem" class="menu-item" onClick={close}>
                  Import my data
                </Link>
              )}
              {/* In the menu, not the links: at 900px the header has no room for more. */}
              <StaffLinks close={close} />
            </>
          )}
        </Menu>
        {user ? (
          <button
            type="button"
            class="nav-link nav-button"
            onClick={async () => {
              await logOut();
              navigate('/');
            }}
          >
            Logout
          </button>
        ) : (
          <>
            <Link href="/login" class={linkClass(location === '/login')}>
              Login
            </Link>
            {joinable && (
              <Link href="/sign-up" class={location === '/sign-up' ? 'nav-link nav-join active' : 'nav-link nav-join'}>
                Sign up
              </Link>
            )}
          </>
        )}
      </div>
    </header>
  );
}
