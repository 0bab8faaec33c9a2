import { useState } from 'react';
import { inviteApi, type Invite } from '../../api/admin';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Saved, SubmitRow } from '../../components/SubmitRow';
import { longDate } from '../../lib/format';
import { useSave, useSubmit } from '../../lib/useFormFields';
import { useSiteSendsMail } from '../../api/signInOptions';
import { useInvites, useRefreshAdmin } from './adminQueries';
import { NumberField } from './NumberField';
import './admin.css';
import { plural } from '../../lib/words';

/** The address a new member opens: this site's, whatever host it is served under. */
export function inviteUrl(invite: Invite): string {
  return `${window.location.origin}${invite.link}`;
}

function inviteState(invite: Invite, now = Date.now()): string {
  if (invite.revoked) return 'Revoked';
  if (invite.uses >= invite.maxUses) return 'Used up';
  if (Date.parse(invite.expiresAt) <= now) return 'Expired';
  return '';
}

/**
 * Invites: a form to create one and the list (an admin's holds everyone's,
 * a member's their own), each with its link to copy and a way to revoke it.
 * Both the admin page and the account page show this.
 */
export function Invites({ everyone, headingId }: { everyone: boolean; headingId: string }) {
  const invites = useInvites();
  const [revoking, setRevoking] = useState<Invite | null>(null);
  let list;
  if (invites.isPending) list = <Loading label="Loading invites…" />;
  else if (invites.isError) list = <ErrorNote error={invites.error} />;
  else if (invites.data.invites.length === 0) list = <Empty>No invites yet.</Empty>;
  else
    list = (
      <ul class="invite-list" aria-labelledby={headingId}>
        {invites.data.invites.map((invite) => (
          <InviteRow key={invite.inviteId} invite={invite} everyone={everyone} revoke={() => setRevoking(invite)} />
        ))}
      </ul>
    );
  return (
    <>
      <CreateInvite mayMail={everyone} />
      {list}
      {revoking && <RevokeDialog invite={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

/** `mayMail`: the admin's form, which mails the link too when the site sends mail. */
function CreateInvite({ mayMail }: { mayMail: boolean }) {
  const refresh = useRefreshAdmin();
  const mails = useSiteSendsMail() && mayMail;
  const [maxUses, setMaxUses] = useState('1');
  const [days, setDays] = useState('7');
  const [email, setEmail] = useState('');
  const { pending, error, saved, onSubmit } = useSave(async () => {
    const to = mails ? email.trim() : '';
    const invite = await inviteApi.create(Number(maxUses), Number(days), to);
    await refresh();
    setEmail('');
    return to ? `Invite ${invite.code} created and mailed to ${to}: ${inviteUrl(invite)}` : `Invite ${invite.code} created: ${inviteUrl(invite)}`;
  });
  return (
    <form class="form invite-create" onSubmit={onSubmit} aria-label="Create an invite">
      <div class="invite-fields">
        <NumberField label="Uses" name="maxUses" min={1} max={100} value={maxUses} onValue={setMaxUses} />
        <NumberField label="Expires in days" name="expiresInDays" min={1} max={90} value={days} onValue={setDays} />
      </div>
      {mails && (
        <label>
          Mail it to (optional)
          <input
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onInput={(event) => setEmail((event.currentTarget as HTMLInputElement).value)}
          />
        </label>
      )}
      <SubmitRow pending={pending} error={error} label="Create invite" />
      <Saved message={saved} />
    </form>
  );
}

function InviteRow({ invite, everyone, revoke }: { invite: Invite; everyone: boolean; revoke: () => void }) {
  const url = inviteUrl(invite);
  const state = inviteState(invite);
  const [copied, setCopied] = useState('');
  // Without a secure context (plain http on a LAN address) there is no clipboard: the link is there to select.
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = async () => {
    try {
      await clipboard!.writeText(url);
      setCopied('Copied.');
    } catch {
      setCopied('Could not copy: select the link instead.');
    }
  };
  return (
    <li class={state ? 'invite inactive' : 'invite'}>
      <div class="invite-about">
        <div>
          <code class="invite-code">{invite.code}</code>
          {state && <span class="admin-badge">{state}</span>}
        </div>
        <a class="invite-link" href={url}>
          {url}
        </a>
        <div class="admin-detail">
          {invite.uses} of {plural(invite.maxUses, 'use')} · expires {longDate(invite.expiresAt)}
          {everyone && ` · created by ${invite.createdBy ?? 'the command line'}`}
        </div>
      </div>
      <div class="invite-actions">
        {clipboard && !invite.revoked && (
          <button type="button" class="button" aria-label={`Copy the link of invite ${invite.code}`} onClick={copy}>
            Copy
          </button>
        )}
        {!invite.revoked && (
          <button type="button" class="button danger" aria-label={`Revoke invite ${invite.code}`} onClick={revoke}>
            Revoke
          </button>
        )}
        {copied && (
          <span class="admin-detail" role="status">
            {copied}
          </span>
        )}
      </div>
    </li>
  );
}

function RevokeDialog({ invite, onClose }: { invite: Invite; onClose: () => void }) {
  const refresh = useRefreshAdmin();
  const { pending, error, onSubmit } = useSubmit(async () => {
    await inviteApi.revoke(invite.inviteId);
    await refresh();
    onClose();
  });
  return (
    <Dialog title="Revoke this invite?" onClose={onClose}>
      <form class="form" onSubmit={onSubmit}>
        <p class="admin-dialog-text">
          Nobody can join with <code>{invite.code}</code> any more. Members who joined with it stay.
        </p>
        <div class="dialog-actions">
          <button type="button" class="button" onClick={onClose}>
            Keep it
          </button>
          <button type="submit" class="button danger" disabled={pending}>
            Revoke
          </button>
        </div>
        <FormMessage message={error} />
      </form>
    </Dialog>
  );
}
