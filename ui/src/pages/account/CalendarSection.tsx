import { useEffect, useRef } from 'react';
import { Link } from 'wouter-preact';
import { calendarApi } from '../../api/calendar';
import { FormMessage } from '../../components/AuthCard';
import { ErrorNote, Loading } from '../../components/QueryState';
import { longDate } from '../../lib/format';
import { ShownOnce } from './ShownOnce';
import { useMemberToken } from './useMemberToken';

/** The private calendar link: the albums of the artists the member follows, on their release days. */
export function CalendarSection() {
  const { status, made, pending, error, make, revoke } = useMemberToken({
    key: 'calendar-link',
    status: calendarApi.link,
    make: calendarApi.makeLink,
    revoke: calendarApi.revokeLink,
  });
  const section = useRef<HTMLElement>(null);
  // The new releases page's link to this section lands here.
  useEffect(() => {
    if (window.location.hash === '#account-calendar') section.current?.scrollIntoView({ block: 'start' });
  }, []);

  let state;
  if (status.isPending) state = <Loading label="Loading your calendar link..." />;
  else if (status.isError) state = <ErrorNote error={status.error} />;
  else if (!status.data.link) state = <p>You have no calendar link yet.</p>;
  else {
    const { createdAt, lastUsedAt } = status.data.link;
    state = (
      <p class="session-detail">
        Your calendar link was made {longDate(createdAt)} · {lastUsedAt ? `last read ${longDate(lastUsedAt)}` : 'not read yet'}
      </p>
    );
  }
  const hasLink = Boolean(status.data?.link);
  return (
    <section ref={section} class="account-section" aria-labelledby="account-calendar">
      <h2 id="account-calendar">Release calendar</h2>
      <p>
        Your calendar program (Google Calendar, Apple Calendar, Thunderbird, Outlook) can subscribe to the albums of the{' '}
        <Link href="/new?followed=true">artists you follow</Link>, each on its release day, from a month back to those still to come. The
        link is yours alone: anyone with it sees whom you follow.
      </p>
      {state}
      {made && (
        <ShownOnce secret={made.url} what="link" testId="calendar-link">
          Your calendar link: subscribe to it now, as it is shown only this once.{' '}
          <a href={made.url.replace(/^https?:/, 'webcal:')}>Open it in your calendar program</a>. A calendar reading an older link gets
          nothing more.
        </ShownOnce>
      )}
      <div class="player-actions">
        <button type="button" class="button" disabled={pending || status.isPending} onClick={make}>
          {hasLink ? 'Make a new link' : 'Make a calendar link'}
        </button>
        {hasLink && (
          <button type="button" class="button danger" disabled={pending} onClick={revoke}>
            Revoke link
          </button>
        )}
      </div>
      <FormMessage message={error} />
    </section>
  );
}
