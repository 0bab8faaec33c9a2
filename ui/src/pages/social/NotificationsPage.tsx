import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { socialApi, type Notification } from '../../api/social';
import { useAfterRead, useNotifications, useUnreadCount } from '../../api/socialQueries';
import { markOthersChangesStale } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthorLink } from '../album/Avatar';
import './social.css';
import { WrittenOn } from '../../components/WrittenOn';

/**
 * One notification: its sentence is a link to what it is about. Opening it
 * marks it read first (a modified click opens a new tab and leaves it unread).
 */
function NotificationItem({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) {
  const others = item.actorCount - item.actors.length;
  return (
    <li class={item.read ? 'notification' : 'notification unread'}>
      <div class="notification-actors">
        {item.actors.map((actor) => (
          <AuthorLink key={actor.userId} author={actor} />
        ))}
        {others > 0 && <span class="muted">and {others} more</span>}
      </div>
      <Link
        href={item.link}
        class="notification-text"
        onClick={(event: MouseEvent) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          onOpen(item);
        }}
      >
        {!item.read && <span class="visually-hidden">Unread: </span>}
        {item.text}
      </Link>
      <WrittenOn class="feed-when" at={item.at} ago />
    </li>
  );
}

/** /notifications: what happened to the member's things, newest first; unread ones marked. */
export function NotificationsPage() {
  const { user } = useAuth();
  useDocumentTitle('Notifications');
  const notifications = useNotifications();
  const unread = useUnreadCount() ?? 0;
  const afterRead = useAfterRead();
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  const markRead = async (ids?: number[]) => {
    setError(null);
    setPending(true);
    try {
      await afterRead(await socialApi.markRead(ids));
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setPending(false);
    }
  };
  const open = async (item: Notification) => {
    if (!item.read && !(await markRead(item.ids))) return;
    await markOthersChangesStale(client);
    navigate(item.link);
  };

  let body;
  if (!user) body = <LoginInvitation reason="to see your notifications." />;
  else if (notifications.isPending) body = <Loading label="Loading notifications…" />;
  else if (notifications.isError) body = <ErrorNote error={notifications.error} />;
  else if (notifications.items.length === 0)
    body = <Empty>Nothing yet. When someone comments on, likes or mentions what you wrote, or follows you, it shows here.</Empty>;
  else
    body = (
      <>
        <ul class="notification-list" aria-label="Notifications">
          {notifications.items.map((item) => (
            <NotificationItem key={item.ids.join('-')} item={item} onOpen={open} />
          ))}
        </ul>
        {notifications.hasNextPage && (
          <div class="show-more">
            <button
              type="button"
              class="button"
              onClick={() => void notifications.fetchNextPage()}
              disabled={notifications.isFetchingNextPage}
            >
              {notifications.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        )}
      </>
    );

  return (
    <section class="social-page" data-screen="notifications">
      <div class="social-heading">
        <h1>Notifications</h1>
        {user && (
          <button type="button" class="button" disabled={pending || unread === 0} onClick={() => void markRead()}>
            Mark all read
          </button>
        )}
      </div>
      {error != null && <ErrorNote error={error} />}
      {body}
    </section>
  );
}
