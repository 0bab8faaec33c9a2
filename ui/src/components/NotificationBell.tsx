import { Link, useLocation } from 'wouter-preact';
import { useUnreadCount } from '../api/socialQueries';
import { useAuth } from '../auth/AuthContext';
import { Icon } from './icons';

/** "Notifications: 3 unread": the bell's accessible name says the count too. */
export function bellLabel(unread: number | undefined): string {
  return unread ? `Notifications: ${unread} unread` : 'Notifications';
}

/**
 * The bell of the header and of the phone's bar: a link to /notifications
 * with the unread count on it. Nothing for visitors.
 */
export function NotificationBell({ class: className }: { class: string }) {
  const { user } = useAuth();
  const unread = useUnreadCount();
  const [location] = useLocation();
  if (!user) return null;
  return (
    <Link
      href="/notifications"
      class={location.startsWith('/notifications') ? `${className} active` : className}
      aria-label={bellLabel(unread)}
      title={bellLabel(unread)}
    >
      <span class="badged">
        <Icon name="bell" />
        {unread != null && unread > 0 && (
          <span class="count-badge" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </span>
    </Link>
  );
}
