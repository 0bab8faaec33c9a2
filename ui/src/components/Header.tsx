import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { useAuth } from '../auth/AuthContext';
import { slugify } from '../lib/slug';

/** The chart link of the navigation: this year, all genres. */
export function defaultChartsPath(now = new Date()): string {
  return `/charts/${now.getFullYear()}/all-genres`;
}

export function Header() {
  const [location, navigate] = useLocation();
  const [search, setSearch] = useState('');
  const { user, logOut } = useAuth();

  // The search box clears on every path change.
  useEffect(() => setSearch(''), [location]);

  const submit = (event: Event) => {
    event.preventDefault();
    const text = search.trim();
    if (text) navigate(`/artists/${encodeURIComponent(slugify(text) || text)}`);
  };

  const linkClass = (active: boolean) => (active ? 'nav-link active' : 'nav-link');

  return (
    <header class="header">
      <Link href="/" class="brand" aria-label="halfstar home">
        <img src="/favicon.svg" alt="" width={24} height={24} />
        halfstar
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
          <Link
            href={`/user/${encodeURIComponent(user.username)}`}
            class={linkClass(location.startsWith('/user/'))}
          >
            Profile
          </Link>
        )}
      </nav>
      <form class="search" role="search" onSubmit={submit}>
        <input
          type="search"
          placeholder="Search an Artist"
          aria-label="Search an Artist"
          value={search}
          onInput={(event) => setSearch(event.currentTarget.value)}
        />
      </form>
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
        <Link href="/login" class={linkClass(location === '/login')}>
          Login
        </Link>
      )}
    </header>
  );
}
