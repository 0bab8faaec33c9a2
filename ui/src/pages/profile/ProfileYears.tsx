import { Link } from 'wouter-preact';
import { useActiveYears } from '../../api/year';

/** "Year in music: 2026 · 2025", one link a year with listens or ratings; nothing before the first. */
export function ProfileYears({ username }: { username: string }) {
  const years = useActiveYears(username);
  const list = years.data?.years ?? [];
  if (list.length === 0) return null;
  return (
    <nav class="profile-years" aria-label="Years in music">
      <span>Year in music:</span>
      {list.map((year) => (
        <Link key={year} href={`/user/${encodeURIComponent(username)}/year/${year}`}>
          {year}
        </Link>
      ))}
    </nav>
  );
}
