import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { socialApi, type Social } from '../../api/social';
import { refreshFollows, useFollowList, useSocial, useSocialKey } from '../../api/socialQueries';
import { useAuth } from '../../auth/AuthContext';
import { Dialog } from '../../components/Dialog';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { AuthorLink } from '../album/Avatar';
import './social.css';
import { plural } from '../../lib/words';

type Which = 'followers' | 'following';

/** "1 follower", "12 followers", "3 following". */
export function countText(count: number, which: Which): string {
  if (which === 'following') return plural(count, 'following', 'following');
  return plural(count, 'follower');
}

/** Runs a change whose answer is the member's Social, puts it in the cache and refreshes the rest. */
function useSocialChange(username: string) {
  const client = useQueryClient();
  const key = useSocialKey(username);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async (change: () => Promise<Social>) => {
    setPending(true);
    setError(null);
    try {
      client.setQueryData(key, await change());
      await refreshFollows(client, key);
      return true;
    } catch (failure) {
      setError(failure);
      return false;
    } finally {
      setPending(false);
    }
  };
  return { run, pending, error };
}

/** Followers or following of a member, paged; the owner may remove their own followers. */
function FollowListDialog({ username, which, onClose }: { username: string; which: Which; onClose: () => void }) {
  const { user } = useAuth();
  const list = useFollowList(username, which);
  const own = user != null && user.username.toLowerCase() === username.toLowerCase();
  const client = useQueryClient();
  const [removing, setRemoving] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  // The answer is the follower's Social: the owner's counts and list are asked again.
  const remove = async (follower: string) => {
    setRemoving(follower);
    setError(null);
    try {
      await socialApi.removeFollower(follower);
      await refreshFollows(client);
    } catch (failure) {
      setError(failure);
    } finally {
      setRemoving(null);
    }
  };
  const title = which === 'followers' ? `${username}'s followers` : `${username} follows`;
  return (
    <Dialog title={title} onClose={onClose}>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.items.length === 0 ? (
        <Empty>{which === 'followers' ? 'Nobody follows them yet.' : "They don't follow anyone yet."}</Empty>
      ) : (
        <ul class="follow-list" aria-label={title}>
          {list.items.map((author) => (
            <li key={author.userId}>
              <AuthorLink author={author} />
              {own && which === 'followers' && (
                <button
                  type="button"
                  class="button"
                  disabled={removing === author.username}
                  aria-label={`Remove follower ${author.username}`}
                  onClick={() => void remove(author.username)}
                >
                  Remove follower
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {error != null && <ErrorNote error={error} />}
      <ShowMore list={list} />
    </Dialog>
  );
}

function BlockDialog({ username, onConfirm, onClose }: { username: string; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog title={`Block ${username}?`} onClose={onClose}>
      <p>
        {username} will no longer be able to follow you, shout on your profile or comment on your reviews, posts and
        lists, and their mentions of you won't notify you. You stop following each other, and neither of you sees the
        other's activity in the feed.
      </p>
      <p class="muted">They are not told. You can unblock them here or in your account settings.</p>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={onClose}>
          Cancel
        </button>
        <button type="button" class="button danger" onClick={onConfirm}>
          Block
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Under a member's name: followers and following (each opens the list),
 * and for another signed-in member Follow or Unfollow and Block or Unblock.
 */
export function ProfileSocial({ username }: { username: string }) {
  const { user } = useAuth();
  const social = useSocial(username);
  const change = useSocialChange(username);
  const [open, setOpen] = useState<Which | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const own = user != null && user.username.toLowerCase() === username.toLowerCase();

  if (social.isPending) return <Loading label="Loading followers…" />;
  if (social.isError) return <ErrorNote error={social.error} />;
  const data = social.data;
  return (
    <div class="profile-social">
      <div class="profile-social-counts">
        <button type="button" class="link-button" onClick={() => setOpen('followers')}>
          {countText(data.followers, 'followers')}
        </button>
        <button type="button" class="link-button" onClick={() => setOpen('following')}>
          {countText(data.following, 'following')}
        </button>
        {data.followsYou && <span class="social-tag">Follows you</span>}
      </div>
      {user && !own && (
        <div class="profile-social-actions">
          {data.youBlock ? (
            <>
              <span class="muted">You blocked {username}.</span>
              <button type="button" class="button" disabled={change.pending} onClick={() => change.run(() => socialApi.unblock(username))}>
                Unblock
              </button>
            </>
          ) : (
            <>
              {data.youFollow ? (
                <>
                  <span class="social-tag">Following</span>
                  <button
                    type="button"
                    class="button"
                    disabled={change.pending}
                    onClick={() => change.run(() => socialApi.unfollow(username))}
                  >
                    Unfollow
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  class="button primary"
                  disabled={change.pending}
                  onClick={() => change.run(() => socialApi.follow(username))}
                >
                  Follow
                </button>
              )}
              <button type="button" class="button subtle" disabled={change.pending} onClick={() => setConfirmBlock(true)}>
                Block
              </button>
            </>
          )}
        </div>
      )}
      {change.error != null && <ErrorNote error={change.error} />}
      {open && <FollowListDialog username={username} which={open} onClose={() => setOpen(null)} />}
      {confirmBlock && (
        <BlockDialog
          username={username}
          onClose={() => setConfirmBlock(false)}
          onConfirm={() => {
            setConfirmBlock(false);
            void change.run(() => socialApi.block(username));
          }}
        />
      )}
    </div>
  );
}
