import { Link } from 'wouter-preact';
import { useMyListens } from '../../api/diary';
import { listenedLine } from '../diary/diaryText';

/** "Listened 3 times, last on March 12th, 2026", linking to the member's diary; nothing before a first listen. */
export function MyListensLine({ albumId, username }: { albumId: number; username: string }) {
  const listens = useMyListens(albumId);
  const latest = listens.data?.entries[0];
  if (!listens.data || listens.data.count === 0 || !latest) return null;
  return (
    <p class="my-listens">
      {listenedLine(listens.data.count, latest.listenedOn)} ·{' '}
      <Link href={`/user/${encodeURIComponent(username)}/diary`}>Your diary</Link>
    </p>
  );
}
