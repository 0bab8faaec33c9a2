import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { communityApi } from '../../api/community';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { HiddenNote } from '../../components/HiddenNote';
import { Icon } from '../../components/icons';
import { WithMentions } from '../../components/Mentions';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { ShowMore } from '../../components/ShowMore';
import { TextComposer } from '../../components/TextComposer';
import { AuthorLink } from '../album/Avatar';
import { useShouts } from './profileQueries';
import { WrittenOn } from '../../components/WrittenOn';

/** Shouts left on the profile, newest first, with a box to leave one. */
export function ShoutsTab({ username }: { username: string }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const shouts = useShouts(username);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  // The profile's Shouts figure counts what a member sent, so both profiles change.
  const refresh = () => refreshAfterWrite(client);

  const remove = async (shoutId: number) => {
    setDeleteError(null);
    try {
      await communityApi.deleteShout(shoutId);
    } catch (failure) {
      setDeleteError(failure);
    }
    await refresh();
  };

  return (
    <>
      <TextComposer
        label={`Leave a shout for ${username}`}
        loginReason="to leave a shout."
        slowDownTitle="You are sending too many shouts."
        blankDialog={{ title: 'Please type something first', message: "You can't send an empty shout" }}
        send={async (text) => {
          await communityApi.shout(username, text);
          await refresh();
        }}
      />
      {deleteError != null && <ErrorNote error={deleteError} />}
      {shouts.isPending ? (
        <Loading label="Loading shouts…" />
      ) : shouts.isError ? (
        <ErrorNote error={shouts.error} />
      ) : shouts.items.length === 0 ? (
        <Empty>Nobody has left a shout here yet.</Empty>
      ) : (
        <>
          <ul class="profile-shouts">
            {shouts.items.map((shout) => (
              <li key={shout.shoutId} class="album-comment" id={`shout-${shout.shoutId}`}>
                <div class="album-comment-meta">
                  <AuthorLink author={shout.user} />
                  <WrittenOn class="album-date" at={shout.createdAt} />
                  <ReportButton kind="shout" id={shout.shoutId} authorId={shout.userId} />
                  {user?.userId === shout.userId && (
                    <button
                      type="button"
                      class="album-comment-delete"
                      aria-label="Delete shout"
                      title="Delete shout"
                      onClick={() => remove(shout.shoutId)}
                    >
                      <Icon name="trash" />
                    </button>
                  )}
                </div>
                <HiddenNote hidden={shout.hidden} kind="shout" id={shout.shoutId} />
                <p class="album-comment-text">
                  <WithMentions text={shout.shoutText} />
                </p>
              </li>
            ))}
          </ul>
          <ShowMore list={shouts} />
        </>
      )}
    </>
  );
}
