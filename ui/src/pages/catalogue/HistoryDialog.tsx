import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter-preact';
import { catalogueApi } from '../../api/catalogue';
import { moderationApi, type EntityKind, type Revision } from '../../api/moderation';
import { refreshAfterWrite } from '../../api/viewerCache';
import { albumPath } from '../../components/AlbumTile';
import { Dialog } from '../../components/Dialog';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { SubmitRow } from '../../components/SubmitRow';
import { longDate } from '../../lib/format';
import { artistPath } from '../../lib/paths';
import { useSubmit } from '../../lib/useFormFields';
import { changedKeys, fieldLabel, fieldValue } from './fieldValues';

const ACTIONS: Record<string, string> = {
  add: 'added it',
  edit: 'edited it',
  import: 'imported it',
  delete: 'deleted it',
  revert: 'reverted a change',
  request: 'accepted a change request',
};

/** An album's or artist's revisions, newest first, each but an addition with Revert. */
export function HistoryDialog({ kind, id, onClose }: { kind: EntityKind; id: number; onClose: () => void }) {
  const history = useQuery({
    queryKey: ['history', kind, id],
    queryFn: ({ signal }) => moderationApi.history(kind, id, signal),
    staleTime: 0,
  });
  return (
    <Dialog title="History" onClose={onClose} wide>
      {history.isPending ? (
        <Loading label="Loading the history…" />
      ) : history.isError ? (
        <ErrorNote error={history.error} />
      ) : history.data.revisions.length === 0 ? (
        <Empty>No changes recorded yet.</Empty>
      ) : (
        <ol class="revisions" aria-label="Revisions">
          {history.data.revisions.map((revision) => (
            <RevisionItem key={revision.revisionId} revision={revision} onReverted={onClose} />
          ))}
        </ol>
      )}
    </Dialog>
  );
}

function RevisionItem({ revision, onReverted }: { revision: Revision; onReverted: () => void }) {
  const [reverting, setReverting] = useState(false);
  const changed = changedKeys(revision.before, revision.after);
  return (
    <li class="revision">
      <p class="revision-line">
        <time dateTime={revision.at}>{longDate(revision.at)}</time> · <strong>{revision.actor ?? 'the command line'}</strong>{' '}
        {ACTIONS[revision.action] ?? revision.action}
      </p>
      {revision.note && <p class="revision-note">Note: {revision.note}</p>}
      {changed.length > 0 && <FieldTable keys={changed} before={revision.before} after={revision.after} labels={['Before', 'After']} />}
      {revision.before != null &&
        (reverting ? (
          <RevertForm revision={revision} onDone={onReverted} />
        ) : (
          <button type="button" class="button" onClick={() => setReverting(true)}>
            Revert
          </button>
        ))}
    </li>
  );
}

/** field: one → other, for the keys given. */
export function FieldTable({
  keys,
  before,
  after,
  labels,
}: {
  keys: string[];
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  labels: [string, string];
}) {
  return (
    <table class="field-changes">
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">{labels[0]}</th>
          <th scope="col">{labels[1]}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key}>
            <th scope="row">{fieldLabel(key)}</th>
            <td>{fieldValue(before?.[key])}</td>
            <td>{fieldValue(after?.[key])}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Where the album or artist lives once the revert is done: its name may have changed back. */
async function pathAfter(revision: Revision): Promise<string> {
  const fields = revision.after as Record<string, string> | null;
  if (revision.entityKind === 'artist') {
    const artist = await catalogueApi.artist(fields?.name ?? revision.entityName);
    return artistPath(artist.slug);
  }
  const album = await catalogueApi.album(fields?.artist ?? '', fields?.title ?? revision.entityName);
  return albumPath(album);
}

function RevertForm({ revision, onDone }: { revision: Revision; onDone: () => void }) {
  const client = useQueryClient();
  const [location, navigate] = useLocation();
  const [note, setNote] = useState('');
  const { pending, error, onSubmit } = useSubmit(async () => {
    const reverted = await moderationApi.revert(revision.revisionId, note.trim());
    const path = await pathAfter(reverted).catch(() => location);
    onDone();
    // The old address may no longer name it; its answer goes before the refresh asks for it again.
    if (path !== location) {
      client.removeQueries({ queryKey: [revision.entityKind] });
      navigate(path, { replace: true });
    }
    await refreshAfterWrite(client);
  });
  return (
    <form class="form revert-form" onSubmit={onSubmit}>
      <p>Put the fields back as they were before this change?</p>
      <label>
        Note
        <input name="note" value={note} maxLength={500} onInput={(event) => setNote(event.currentTarget.value)} />
      </label>
      <SubmitRow pending={pending} error={error} label="Revert this change" />
    </form>
  );
}
