import { useState } from 'react';
import { ApiError } from '../api/client';
import { communityApi } from '../api/community';
import type { VoteResult } from '../api/types';
import { useAuth } from '../auth/AuthContext';
import { approvalPercent, approvalText, approvalTone, votesText } from '../lib/approval';
import { FormMessage } from './AuthCard';
import { Icon } from './icons';
import { LoginPrompt } from './LoginPrompt';

type Target = { reviewId: number } | { postId: number };

const THUMBS = [
  [true, 'Thumbs up', 'thumb-up'],
  [false, 'Thumbs down', 'thumb-down'],
] as const;

/**
 * Approval, thumbs up and down (the member's own vote pressed) and the vote
 * count of a review or a post. Voting the same way again takes the vote
 * back. A visitor is asked to log in; authors cannot vote on their own.
 */
export function VoteBar({
  target,
  initial,
  authorId,
  noun,
  onVoted,
}: {
  target: Target;
  initial: VoteResult;
  authorId: number;
  noun: 'review' | 'post';
  onVoted?: (result: VoteResult) => void;
}) {
  const { user } = useAuth();
  // The answer to this bar's last vote, shown until the page's own data
  // (refetched after the vote) catches up with it or moves past it.
  const [answered, setAnswered] = useState<{ over: VoteResult; result: VoteResult } | null>(null);
  const votes = answered && sameVotes(answered.over, initial) ? answered.result : initial;
  const [pending, setPending] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  const [slowDown, setSlowDown] = useState('');
  const own = user?.userId === authorId;
  const percent = approvalPercent(votes.votesUp, votes.votesDown);

  const vote = async (isThumbsUp: boolean) => {
    if (!user) return setAskLogin(true);
    if (pending || own) return;
    setPending(true);
    setSlowDown('');
    try {
      const result = await communityApi.vote(target, isThumbsUp);
      setAnswered({ over: initial, result });
      onVoted?.(result);
    } catch (failure) {
      // The spec swallows vote failures: the figures simply stay as they
      // were. Only the vote limit is said, so the member knows to wait.
      if (failure instanceof ApiError && failure.status === 429) setSlowDown(failure.message);
    } finally {
      setPending(false);
    }
  };

  const ownNote = own ? `You can't vote on your own ${noun}` : undefined;
  return (
    <div class="vote-bar">
      <span class={`approval approval-${approvalTone(percent)}`} aria-label="Approval">
        {approvalText(percent)}
      </span>
      {THUMBS.map(([up, label, icon]) => (
        <button
          key={label}
          type="button"
          class={`vote-button ${up ? 'up' : 'down'}`}
          aria-label={label}
          aria-pressed={votes.userVote === up}
          disabled={pending || own}
          title={ownNote}
          onClick={() => vote(up)}
        >
          <Icon name={icon} />
        </button>
      ))}
      <span class="vote-count">{votesText(votes.votesUp + votes.votesDown)}</span>
      {slowDown && <FormMessage message={slowDown} />}
      {askLogin && <LoginPrompt reason={`to vote on a ${noun}.`} onClose={() => setAskLogin(false)} />}
    </div>
  );
}

function sameVotes(a: VoteResult, b: VoteResult): boolean {
  return a.userVote === b.userVote && a.votesUp === b.votesUp && a.votesDown === b.votesDown;
}
