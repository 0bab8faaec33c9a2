import type { ComponentChildren } from 'preact';
import { useState } from 'react';
import { adminApi, type AdminMember } from '../../api/admin';
import type { Role } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { SubmitRow } from '../../components/SubmitRow';
import { longDate } from '../../lib/format';
import { useSubmit } from '../../lib/useFormFields';
import { useRefreshAdmin } from './adminQueries';
import { NumberField } from './NumberField';
import { plural } from '../../lib/words';

export type MemberAction = 'role' | 'suspend' | 'lift' | 'sign-out';

const ROLES: ReadonlyArray<readonly [Role, string]> = [
  ['user', 'Member'],
  ['editor', 'Editor'],
  ['admin', 'Admin'],
];

/**
 * One action on a member, in a dialog: its own fields, then the note every
 * action keeps in the audit log. `act` answers the line shown once it is
 * done; a refusal (the last admin, say) stays in the dialog.
 */
export function ActionDialog({
  title,
  submitLabel,
  onClose,
  onDone,
  act,
  children,
}: {
  title: string;
  submitLabel: string;
  onClose: () => void;
  onDone: (outcome: string) => void;
  act: (note: string) => Promise<string>;
  children?: ComponentChildren;
}) {
  const refresh = useRefreshAdmin();
  const [note, setNote] = useState('');
  const { pending, error, onSubmit } = useSubmit(async () => {
    const outcome = await act(note.trim());
    await refresh();
    onDone(outcome);
  });
  return (
    <Dialog title={title} onClose={onClose}>
      <form class="form admin-action" onSubmit={onSubmit}>
        {children}
        <label>
          Note (kept in the audit log)
          <input name="note" value={note} onInput={(event) => setNote(event.currentTarget.value)} maxLength={500} />
        </label>
        <SubmitRow pending={pending} error={error} label={submitLabel} />
      </form>
    </Dialog>
  );
}

/** The dialog of `action` on `member`. */
export function MemberActionDialog({
  action,
  member,
  onClose,
  onDone,
}: {
  action: MemberAction;
  member: AdminMember;
  onClose: () => void;
  onDone: (outcome: string) => void;
}) {
  const common = { onClose, onDone };
  const name = member.username;
  switch (action) {
    case 'role':
      return <RoleDialog member={member} {...common} />;
    case 'suspend':
      return <SuspendDialog member={member} {...common} />;
    case 'lift':
      return (
        <ActionDialog
          title={`Lift ${name}'s suspension`}
          submitLabel="Lift suspension"
          act={async (note) => {
            await adminApi.liftSuspension(name, note);
            return `${name} can write again.`;
          }}
          {...common}
        />
      );
    case 'sign-out':
      return (
        <ActionDialog
          title={`Sign ${name} out everywhere`}
          submitLabel="Sign out everywhere"
          act={async (note) => {
            const { ended, keysRevoked } = await adminApi.signOut(name, note);
            const keys = keysRevoked > 0 ? `, ${plural(keysRevoked, 'key')} revoked` : '';
            return `${name} is signed out: ${plural(ended, 'session')} ended${keys}.`;
          }}
          {...common}
        >
          <p class="admin-dialog-text">
            Every session of {name} ends, and their player token and calendar link are revoked; they can sign in again.
          </p>
        </ActionDialog>
      );
  }
}

type DialogProps = { member: AdminMember; onClose: () => void; onDone: (outcome: string) => void };

function RoleDialog({ member, ...common }: DialogProps) {
  const [role, setRole] = useState<Role>(member.role);
  return (
    <ActionDialog
      title={`Change ${member.username}'s role`}
      submitLabel="Change role"
      act={async (note) => {
        const changed = await adminApi.setRole(member.username, role, note);
        return `${changed.username} is now ${roleName(changed.role).toLowerCase()}.`;
      }}
      {...common}
    >
      <label>
        Role
        <select name="role" value={role} onChange={(event) => setRole(event.currentTarget.value as Role)}>
          {ROLES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
    </ActionDialog>
  );
}

function SuspendDialog({ member, ...common }: DialogProps) {
  const [days, setDays] = useState('7');
  const [forGood, setForGood] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      title={`Suspend ${member.username}`}
      submitLabel="Suspend"
      act={async (note) => {
        const suspended = await adminApi.suspend(member.username, forGood ? null : Number(days), reason.trim(), note);
        const until = suspended.suspension?.until;
        return until ? `${member.username} is suspended until ${longDate(until)}.` : `${member.username} is suspended for good.`;
      }}
      {...common}
    >
      <SuspensionFields days={days} setDays={setDays} forGood={forGood} setForGood={setForGood} reason={reason} setReason={setReason} />
    </ActionDialog>
  );
}

/** How long and why: the suspension's fields, here and in the reports queue. */
export function SuspensionFields(props: {
  days: string;
  setDays: (days: string) => void;
  forGood: boolean;
  setForGood: (forGood: boolean) => void;
  reason: string;
  setReason: (reason: string) => void;
}) {
  return (
    <>
      <NumberField label="Days" name="days" min={1} max={3650} value={props.days} onValue={props.setDays} disabled={props.forGood} />
      <label class="admin-check">
        <input
          type="checkbox"
          name="forGood"
          checked={props.forGood}
          onChange={(event) => props.setForGood(event.currentTarget.checked)}
        />
        For good
      </label>
      <label>
        Reason (shown to the member)
        <input
          name="reason"
          value={props.reason}
          required
          maxLength={500}
          onInput={(event) => props.setReason(event.currentTarget.value)}
        />
      </label>
    </>
  );
}

export function roleName(role: Role): string {
  return ROLES.find(([value]) => value === role)?.[1] ?? role;
}
