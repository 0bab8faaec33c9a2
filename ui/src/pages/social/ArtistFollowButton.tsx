import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { socialApi } from '../../api/social';
import { socialKeys, useArtistFollow } from '../../api/socialQueries';
import { useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { LoginPrompt } from '../../components/LoginPrompt';
import { ErrorNote } from '../../components/QueryState';
import './social.css';
import { plural } from '../../lib/words';

/** Follow an artist to hear of their new albums; with how many follow them. Visitors are asked to log in. */
export function ArtistFollowButton({ artistId, name }: { artistId: number; name: string }) {
  const { user } = useAuth();
  const follow = useArtistFollow(artistId);
  const client = useQueryClient();
  const key = underViewer(socialKeys.artistFollow(artistId), useViewer());
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [askLogin, setAskLogin] = useState(false);
  const following = follow.data?.following ?? false;
  const followers = follow.data?.followers;

  const toggle = async () => {
    if (!user) return setAskLogin(true);
    setPending(true);
    setError(null);
    try {
      client.setQueryData(key, await (following ? socialApi.unfollowArtist(artistId) : socialApi.followArtist(artistId)));
      void client.invalidateQueries({ queryKey: socialKeys.feed });
    } catch (failure) {
      setError(failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <div class="artist-follow">
      <button
        type="button"
        class={following ? 'button' : 'button primary'}
        disabled={pending || follow.isPending}
        onClick={() => void toggle()}
      >
        {following ? `Unfollow ${name}` : `Follow ${name}`}
      </button>
      {followers != null && (
        <span class="muted">
          {plural(followers, 'follower')}
        </span>
      )}
      {following && <span class="social-tag">Following</span>}
      {follow.isError && <ErrorNote error={follow.error} />}
      {error != null && <ErrorNote error={error} />}
      {askLogin && <LoginPrompt reason="to follow artists." onClose={() => setAskLogin(false)} />}
    </div>
  );
}
