import { useState } from 'react';
import { Link } from 'wouter-preact';
import type { AdminMember, Suspension } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { profilePath } from '../../components/Header';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Saved } from '../../components/SubmitRow';
import { longDate } from '../../lib/format';
import { useMembers } from './adminQueries';
import { plural } from '../../lib/words';
import { MemberActionDialog, roleName, type MemberAction } from './MemberActions';

export function suspensionBadge({ until }: Suspension): string {
  return until ? `Suspended until ${longDate(until)}` : 'Suspended for good';
}

/** Members, searched by name or email, 25 a page, each with the actions an admin may take. */
export function MembersTab() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<{ action: MemberAction; member: AdminMember } | null>(null);
  const [outcome, setOutcome] = useState('');
  const members = useMembers(q, page);

  let list;
  if (members.isPending) list = <Loading label="Loading members…" />;
  else if (members.isError) list = <ErrorNote error={members.error} />;
  else if (members.data.members.length === 0) list = <Empty>{q ? `No member matches “${q}”.` : 'No members yet.'}</Empty>;
  else
    list = (
      <>
        <ul class="admin-members" aria-label="Members" aria-busy={members.isPlaceholderData}>
          {members.data.members.map((member) => (
            <MemberRow key={member.userId} member={member} choose={(action) => setChosen({ action, member })} />
          ))}
        </ul>
        <nav class="admin-pager" aria-label="Member pages">
          <button type="button" class="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {members.data.page} of {Math.max(members.data.pages, 1)} · {plural(members.data.total, 'member')}
          </span>
          <button type="button" class="button" disabled={page >= members.data.pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      </>
    );

  return (
    <div class="admin-tab">
      <form
        class="form admin-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(text.trim());
          setPage(1);
        }}
      >
        <label>
          Search members
          <input
            type="search"
            name="q"
            value={text}
            placeholder="Username or email"
            onInput={(event) => setText(event.currentTarget.value)}
          />
        </label>
        <button type="submit" class="button">
          Search
        </button>
      </form>
      <Saved message={outcome} />
      {list}
      {chosen && (
        <MemberActionDialog
          action={chosen.action}
          member={chosen.member}
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

function MemberRow({ member, choose }: { member: AdminMember; choose: (action: MemberAction) => void }) {
  const me = useAuth().user;
  const name = member.username;
  return (
    <li class="admin-member">
      <div class="admin-member-about">
        <div class="admin-member-name">
          <Link href={profilePath(name)}>{name}</Link>
          <span class="admin-badge">{roleName(member.role)}</span>
          {member.suspension && <span class="admin-badge danger">{suspensionBadge(member.suspension)}</span>}
        </div>
        <div class="admin-detail">
          {member.email} · joined {longDate(member.createdAt)}
        </div>
        <div class="admin-detail">
          {plural(member.ratings, 'rating')} · {plural(member.reviews, 'review')} · {plural(member.comments, 'comment')}
        </div>
        {member.suspension && <div class="admin-detail">Reason: {member.suspension.reason}</div>}
      </div>
      <div class="admin-member-actions">
        <button type="button" class="button" aria-label={`Change ${name}'s role`} onClick={() => choose('role')}>
          Role
        </button>
        {member.suspension ? (
          <button type="button" class="button" aria-label={`Lift ${name}'s suspension`} onClick={() => choose('lift')}>
            Lift suspension
          </button>
        ) : (
          // An admin cannot be suspended (the server says so too): the role goes first.
          member.role !== 'admin' && (
            <button type="button" class="button danger" aria-label={`Suspend ${name}`} onClick={() => choose('suspend')}>
              Suspend
            </button>
          )
        )}
        {member.userId !== me?.userId && (
          <button type="button" class="button" aria-label={`Sign ${name} out everywhere`} onClick={() => choose('sign-out')}>
            Sign out
          </button>
        )}
      </div>
    </li>
  );
}
