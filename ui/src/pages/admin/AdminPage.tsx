import { useState } from 'react';
import { counted, useStaffCounts } from '../../api/moderationQueries';
import { useAuth } from '../../auth/AuthContext';
import { LoginInvitation } from '../../components/LoginPrompt';
import { Tabs } from '../../components/Tabs';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuditTab } from './AuditTab';
import { FiguresTab, PublicUrlNote } from './FiguresTab';
import { MailTab } from './MailTab';
import { SignOnTab } from './SignOnTab';
import { MembersTab } from './MembersTab';
import { NewReleasesTab } from './NewReleasesTab';
import { ReportsTab } from './ReportsTab';
import { SignupTab } from './SignupTab';
import './admin.css';

type Tab = 'reports' | 'members' | 'signup' | 'audit' | 'figures' | 'new-releases' | 'mail' | 'sign-on';

const TABS: ReadonlyArray<readonly [Tab, string]> = [
  ['reports', 'Reports'],
  ['members', 'Members'],
  ['signup', 'Sign-up & invites'],
  ['audit', 'Audit log'],
  ['figures', 'Figures'],
  ['new-releases', 'New releases'],
  ['mail', 'Mail'],
  ['sign-on', 'Sign-on'],
];

/** /admin: the reported items, members and their roles and suspensions, who may join, the audit log, the site's figures, the check for new releases. */
export function AdminPage() {
  const { user } = useAuth();
  useDocumentTitle('Admin');
  return (
    <section class="admin-page" data-screen="admin">
      <h1>Admin</h1>
      {!user ? (
        <LoginInvitation reason="to run the site." />
      ) : user.role !== 'admin' ? (
        <p class="empty">This page needs the admin role. Another admin can give it here, or with 'halfstar user promote'.</p>
      ) : (
        <AdminTabs />
      )}
    </section>
  );
}

function AdminTabs() {
  const [tab, setTab] = useState<Tab>('reports');
  const openReports = useStaffCounts()?.openReports;
  const tabs = TABS.map(([key, label]) => [key, key === 'reports' ? counted(label, openReports) : label] as const);
  return (
    <>
      <PublicUrlNote />
      <Tabs label="Admin" tabs={tabs} selected={tab} onSelect={setTab} />
      <div class="admin-panel" role="tabpanel" aria-label={TABS.find(([key]) => key === tab)?.[1]}>
        {tab === 'reports' && <ReportsTab />}
        {tab === 'members' && <MembersTab />}
        {tab === 'signup' && <SignupTab />}
        {tab === 'audit' && <AuditTab />}
        {tab === 'figures' && <FiguresTab />}
        {tab === 'new-releases' && <NewReleasesTab />}
        {tab === 'mail' && <MailTab />}
        {tab === 'sign-on' && <SignOnTab />}
      </div>
    </>
  );
}
