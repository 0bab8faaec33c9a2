import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { useAuth } from '../auth/AuthContext';
import { useCanJoin } from '../pages/admin/adminQueries';
import { AddMenu } from './AddMenu';
import { defaultChartsPath, profilePath } from './Header';
import { Menu } from './Menu';
import { NotificationBell } from './NotificationBell';
import { SearchBox } from './SearchBox';
import { StaffLinks, useStaffBadge } from './StaffLinks';
import { ThemeSelect } from './ThemeSelect';
import { Icon } from './icons';

/**
 * The fixed bottom bar of phones and tablets (every width under 900px; see
 * components.css), and the search bar it opens at the top.
 */
export function MobileBar() {
  const [location, navigate] = useLocation();
  const { user, logOut } = useAuth();
  const joinable = useCanJoin(user == null);
  const [searching, setSearching] = useState(false);
  useEffect(() => setSearching(false), [location]);
  const itemClass = (active: boolean) => (active ? 'bar-item active' : 'bar-item');
  const profile = useStaffBadge('Profile', 'profile');

  return (
    <>
      {searching && (
        <div class="mobile-search">
          <SearchBox autoFocus onDone={() => setSearching(false)} />
          <button type="button" class="icon-button" aria-label="Close search" onClick={() => setSearching(false)}>
            ×
          </button>
        </div>
      )}
      <nav class="mobile-bar" aria-label="Mobile">
        <Link href="/" class={itemClass(location === '/')} aria-label="Home">
          <Icon name="home" />
        </Link>
        {user && (
          <Link href="/my-library" class={itemClass(location.startsWith('/my-library'))} aria-label="Library">
            <Icon name="library" />
          </Link>
        )}
        <Link href={defaultChartsPath()} class={itemClass(location.includes('charts'))} aria-label="Charts">
          <Icon name="charts" />
        </Link>
        <AddMenu compact />
        <NotificationBell class="bar-item" />
        <button
          type="button"
          class={itemClass(searching)}
          aria-label="Search"
          aria-expanded={searching}
          onClick={() => setSearching((was) => !was)}
        >
          <Icon name="search" />
        </button>
        <Menu label={profile.label} buttonContent={profile.buttonContent} buttonClass="bar-item" up>
          {(close) => (
            <>
              {user && (
                <Link href={profilePath(user.username)} role="menuitem" class="menu-item" onClick={close}>
                  View Profile
                </Link>
              )}
              {user && (
                <Link href="/feed" role="menuitem" class="menu-item" onClick={close}>
                  Feed
                </Link>
              )}
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
              <StaffLinks close={close} />
              {user ? (
                <button
                  type="button"
                  role="menuitem"
                  class="menu-item"
                  onClick={async () => {
                    close();
                    await logOut();
                    navigate('/');
                  }}
                >
                  Log Out
                </button>
              ) : (
                <>
                  <Link href="/login" role="menuitem" class="menu-item" onClick={close}>
                    Log In
                  </Link>
                  {joinable && (
                    <Link href="/sign-up" role="menuitem" class="menu-item" onClick={close}>
                      Sign Up
                    </Link>
                  )}
                </>
              )}
              <div class="menu-item">
                <ThemeSelect />
              </div>
            </>
          )}
        </Menu>
      </nav>
    </>
  );
}
