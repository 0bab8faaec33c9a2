import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { socialApi, type CommunitySettings, type NotificationSwitches, type SettingsChange } from '../../api/social';
import { refreshFollows, socialKeys, useBlocks, useCommunitySettings } from '../../api/socialQueries';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { AuthorLink } from '../album/Avatar';
import './social.css';

export const NOTIFICATION_KINDS: ReadonlyArray<readonly [keyof NotificationSwitches, string]> = [
  ['comment', 'Comments on my reviews, posts and lists'],
  ['reply', 'Replies where I commented'],
  ['vote', 'Likes of my reviews, posts and lists'],
  ['shout', 'Shouts on my profile'],
  ['follow', 'New followers'],
  ['mention', 'Mentions of @me'],
  ['newAlbum', 'New albums by artists I follow'],
  ['correction', 'Editors accepting or declining corrections I suggested'],
  ['releaseDay', 'Albums by artists I follow coming out today'],
];

const ON_OFF_SETTINGS: ReadonlyArray<readonly ['ratingsInFeeds' | 'recommendations', string]> = [
  ['ratingsInFeeds', "Show my ratings in my followers' feeds"],
  ['recommendations', 'Recommend albums to me (“For you”, from members whose ratings agree with mine)'],
];

/** Each switch is saved as it is changed; the server's answer is what shows. */
function CommunitySwitches({ settings }: { settings: CommunitySettings }) {
  const client = useQueryClient();
  const key = underViewer(socialKeys.settings, useViewer());
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const save = async (change: SettingsChange, shown: CommunitySettings) => {
    const before = settings;
    client.setQueryData(key, shown);
    setSaving(true);
    setError(null);
    try {
      client.setQueryData(key, await socialApi.changeSettings(change));
    } catch (failure) {
      client.setQueryData(key, before);
      setError(failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {ON_OFF_SETTINGS.map(([setting, label]) => (
        <label key={setting} class="switch-row">
          <input
            type="checkbox"
            checked={settings[setting]}
            onChange={(event) => {
              const on = (event.target as HTMLInputElement).checked;
              void save({ [setting]: on }, { ...settings, [setting]: on });
            }}
          />
          {label}
        </label>
      ))}
      <fieldset class="switch-group">
        <legend>Notify me of</legend>
        {NOTIFICATION_KINDS.map(([kind, label]) => (
          <label key={kind} class="switch-row">
            <input
              type="checkbox"
              checked={settings.notifications[kind]}
              onChange={(event) => {
                const notifications = { ...settings.notifications, [kind]: (event.target as HTMLInputElement).checked };
                void save({ notifications }, { ...settings, notifications });
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <p class="muted" aria-live="polite">
        {saving ? 'Saving…' : 'Changes are saved as you make them.'}
      </p>
      {error != null && <ErrorNote error={error} />}
    </>
  );
}

function BlockedMembers() {
  const blocks = useBlocks();
  const client = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const unblock = async (username: string) => {
    setPending(username);
    setError(null);
    try {
      await socialApi.unblock(username);
      await refreshFollows(client);
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(null);
    }
  };
  return (
    <section class="account-section" aria-labelledby="account-blocked">
      <h2 id="account-blocked">Blocked members</h2>
      {blocks.isPending ? (
        <Loading />
      ) : blocks.isError ? (
        <ErrorNote error={blocks.error} />
      ) : blocks.data.length === 0 ? (
        <Empty>You haven't blocked anyone.</Empty>
      ) : (
        <ul class="follow-list" aria-label="Blocked members">
          {blocks.data.map((author) => (
            <li key={author.userId}>
              <AuthorLink author={author} />
              <button
                type="button"
                class="button"
                disabled={pending === author.username}
                aria-label={`Unblock ${author.username}`}
                onClick={() => void unblock(author.username)}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
      {error != null && <ErrorNote error={error} />}
    </section>
  );
}

/** The account page's community part: feed and notification switches, and the blocked members. */
export function CommunitySettingsSection() {
  const settings = useCommunitySettings();
  return (
    <>
      <section class="account-section" aria-labelledby="account-community">
        <h2 id="account-community">Feed and notifications</h2>
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <ErrorNote error={settings.error} />
        ) : (
          <CommunitySwitches settings={settings.data} />
        )}
      </section>
      <BlockedMembers />
    </>
  );
}
