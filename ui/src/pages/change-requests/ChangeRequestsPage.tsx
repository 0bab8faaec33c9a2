import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter-preact';
import { moderationApi, type ChangeRequest } from '../../api/moderation';
import { useViewer } from '../../api/queries';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import { editsCatalogue, useAuth } from '../../auth/AuthContext';
import { Dialog } from '../../components/Dialog';
import { profilePath } from '../../components/Header';
import { LoginInvitation } from '../../components/LoginPrompt';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Saved, SubmitRow } from '../../components/SubmitRow';
import { encodeSegment } from '../../api/pathSegment';
import { longDate } from '../../lib/format';
import { artistPath } from '../../lib/paths';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useSubmit } from '../../lib/useFormFields';
import { FieldTable } from '../catalogue/HistoryDialog';
import '../catalogue/catalogue.css';

/** /change-requests: members' corrections waiting for an editor. */
export function ChangeRequestsPage() {
  const { user } = useAuth();
  useDocumentTitle('Change requests');
  return (
    <section class="change-requests-page" data-screen="change-requests">
      <h1>Change requests</h1>
      {!user ? (
        <LoginInvitation reason="to look at change requests." />
      ) : !editsCatalogue(user) ? (
        <p class="empty">This page is for editors.</p>
      ) : (
        <OpenRequests />
      )}
    </section>
  );
}

type Decision = 'accept' | 'decline';

function OpenRequests() {
  const requests = useQuery({
    queryKey: underViewer(['change-requests'], useViewer()),
    queryFn: ({ signal }) => moderationApi.requests(signal),
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<{ decision: Decision; request: ChangeRequest } | null>(null);
  const [outcome, setOutcome] = useState('');
  if (requests.isPending) return <Loading label="Loading change requests…" />;
  if (requests.isError) return <ErrorNote error={requests.error} />;
  return (
    <div class="change-requests">
      <Saved message={outcome} />
      {requests.data.requests.length === 0 ? (
        <Empty>No change requests waiting.</Empty>
      ) : (
        <ul class="revisions" aria-label="Change requests">
          {requests.data.requests.map((request) => (
            <RequestItem
              key={request.requestId}
              request={request}
              choose={(decision) => {
                setOutcome('');
                setChosen({ decision, request });
              }}
            />
          ))}
        </ul>
      )}
      {chosen && (
        <DecideDialog
          {...chosen}
          onClose={() => setChosen(null)}
          onDone={(line) => {
            setChosen(null);
            setOutcome(line);
          }}
        />
      )}
    </div>
  );
}

/** The album or artist as the request names it now; the server finds either by its name. */
function entityLink(request: ChangeRequest): { href: string; name: string } | null {
  const current = request.current as Record<string, string> | null;
  if (!current) return null;
  if (request.entityKind === 'artist') return { href: artistPath(current.name), name: current.name };
  return {
    href: `/albums/${encodeSegment(current.artist)}/${encodeSegment(current.title)}`,
    name: `${current.title} by ${current.artist}`,
  };
}

function RequestItem({ request, choose }: { request: ChangeRequest; choose: (decision: Decision) => void }) {
  const link = entityLink(request);
  const fields = request.fields as Record<string, unknown>;
  return (
    <li class="revision">
      <p class="revision-line">
        {request.entityKind === 'album' ? 'Album' : 'Artist'}:{' '}
        {link ? <Link href={link.href}>{link.name}</Link> : <em>gone</em>} · asked by{' '}
        <Link href={profilePath(request.requester)}>{request.requester}</Link> on {longDate(request.createdAt)}
      </p>
      {request.note && <p class="revision-note">Note: {request.note}</p>}
      <FieldTable keys={Object.keys(fields)} before={request.current} after={fields} labels={['Now', 'Proposed']} />
      <div class="dialog-actions">
        <button type="button" class="button primary" onClick={() => choose('accept')}>
          Accept
        </button>
        <button type="button" class="button" onClick={() => choose('decline')}>
          Decline
        </button>
      </div>
    </li>
  );
}

function DecideDialog({
  decision,
  request,
  onClose,
  onDone,
}: {
  decision: Decision;
  request: ChangeRequest;
  onClose: () => void;
  onDone: (outcome: string) => void;
}) {
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const label = decision === 'accept' ? 'Accept' : 'Decline';
  const { pending, error, onSubmit } = useSubmit(async () => {
    await moderationApi.decide(request.requestId, decision, note.trim());
    // An accepted request changes the album or artist; either way the counts move.
    await refreshAfterWrite(client);
    onDone(decision === 'accept' ? 'Accepted: the change is made.' : 'Declined.');
  });
  return (
    <Dialog title={`${label} ${request.requester}'s request`} onClose={onClose}>
      <form class="form" onSubmit={onSubmit}>
        <label>
          Note
          <input name="note" value={note} maxLength={500} onInput={(event) => setNote(event.currentTarget.value)} />
        </label>
        <SubmitRow pending={pending} error={error} label={label} />
      </form>
    </Dialog>
  );
}
