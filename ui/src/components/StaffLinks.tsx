import { Link } from 'wouter-preact';
import { counted, useStaffCounts, waiting } from '../api/moderationQueries';
import { editsCatalogue, useAuth } from '../auth/AuthContext';
import { Icon } from './icons';

/**
 * The icon of the menu that holds the staff's links, with a badge of what
 * waits for them (open reports and change requests), and the menu's label
 * saying it too.
 */
export function useStaffBadge(label: string, icon: string) {
  const count = waiting(useStaffCounts());
  return {
    label: count ? `${label}: ${count} waiting` : label,
    buttonContent: (
      <span class="badged">
        <Icon name={icon} />
        {count > 0 && (
          <span class="count-badge" aria-hidden="true">
            {count}
          </span>
        )}
      </span>
    ),
  };
}

/** Admin, Reports and Change requests for the staff, each with its count, as menu items. */
export function StaffLinks({ close }: { close: () => void }) {
  const { user } = useAuth();
  const counts = useStaffCounts();
  if (!editsCatalogue(user)) return null;
  const admin = user?.role === 'admin';
  return (
    <>
      {admin && (
        <Link href="/admin" role="menuitem" class="menu-item" onClick={close}>
          Admin
        </Link>
      )}
      {admin && (
        <Link href="/admin" role="menuitem" class="menu-item" onClick={close}>
          {counted('Reports', counts?.openReports)}
        </Link>
      )}
      <Link href="/change-requests" role="menuitem" class="menu-item" onClick={close}>
        {counted('Change requests', counts?.openChangeRequests)}
      </Link>
    </>
  );
}
