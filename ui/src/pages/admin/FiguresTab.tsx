import { ErrorNote, Loading } from '../../components/QueryState';
import { byteSize, longDate } from '../../lib/format';
import { when } from './AuditTab';
import type { TaskState } from '../../api/types';
import { useFigures } from './adminQueries';
import { wholeNumber } from '../../lib/words';

/** The site in numbers. */
export function FiguresTab() {
  const figures = useFigures();
  if (figures.isPending) return <Loading label="Loading the figures…" />;
  if (figures.isError) return <ErrorNote error={figures.error} />;
  const { members, albums, artists, ratings, reviews, databaseBytes, lastBackup, pictures, publicUrl, publicUrlConfigured } = figures.data;
  // [label, value, whether the value is text rather than a figure]
  const rows: Array<[string, string, boolean?]> = [
    ['Public address', publicUrlConfigured ? publicUrl : `${publicUrl} (not set)`, true],
    ['Members', wholeNumber(members)],
    ['Albums', wholeNumber(albums)],
    ['Artists', wholeNumber(artists)],
    ['Ratings', wholeNumber(ratings)],
    ['Reviews', wholeNumber(reviews)],
    ['Database size', byteSize(databaseBytes)],
    ['Last backup', lastBackup ? longDate(lastBackup) : 'not known'],
    // The pictures the site fetched and serves itself (kept in the database too).
    ['Pictures kept', wholeNumber(pictures.ready)],
    ['Pictures waiting', wholeNumber(pictures.pending)],
    ['Pictures refused', wholeNumber(pictures.failed)],
    ['Pictures size', byteSize(pictures.bytes)],
  ];
  return (
    <>
      <dl class="admin-figures">
        {rows.map(([label, value, text]) => (
          <div key={label} class={text ? 'admin-figure admin-figure-text' : 'admin-figure'}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <BackgroundTasks tasks={figures.data.tasks} />
    </>
  );
}

/** The work the server does by itself: which tasks run, and when each last finished a round. */
function BackgroundTasks({ tasks }: { tasks: TaskState[] }) {
  return (
    <section aria-labelledby="admin-tasks">
      <h2 id="admin-tasks">Background tasks</h2>
      {tasks.length === 0 ? (
        <p class="empty">No background task runs in this server.</p>
      ) : (
        <div class="admin-tasks-scroll">
          <table class="admin-tasks">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Now</th>
                <th scope="col">Rounds</th>
                <th scope="col">Last finished</th>
              </tr>
            </thead>
            <tbody>
              {tasks.map((task) => (
                <tr key={task.name}>
                  <th scope="row">{task.name}</th>
                  <td>{task.ended ? 'ended' : task.busy ? 'working' : 'resting'}</td>
                  <td>{wholeNumber(task.rounds)}</td>
                  <td>{task.lastFinishedAt ? when(task.lastFinishedAt) : 'not yet'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/**
 * Said above every tab while the site has no public address of its own: links in feeds, calendars and mail then lead to the
 * address it listens on, which other machines may not reach.
 */
export function PublicUrlNote() {
  const figures = useFigures();
  if (!figures.data || figures.data.publicUrlConfigured) return null;
  return (
    <p class="admin-note" role="note">
      No public address is set, so links in feeds, calendars and mail begin with <code>{figures.data.publicUrl}</code>, the address the
      server listens on. Set it with <code>--public-url</code> or <code>HALFSTAR_PUBLIC_URL</code> (for example{' '}
      <code>https://music.example</code>) and restart.
    </p>
  );
}
