import { useState } from 'react';
import { Link } from 'wouter-preact';
import { useRecentComments } from '../../api/queries';
import type { RecentComment } from '../../api/types';
import { albumPath } from '../../components/AlbumTile';
import { HiddenNote } from '../../components/HiddenNote';
import { WithMentions } from '../../components/Mentions';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Tabs } from '../../components/Tabs';
import { WrittenOn } from '../../components/WrittenOn';
import { PanelList } from './PanelList';

type Kind = 'all' | 'album' | 'review' | 'post';
const TABS = [
  ['all', 'All'],
  ['album', 'Albums'],
  ['review', 'Reviews'],
  ['post', 'Posts'],
] as const;

/** Where a recent comment was made, and the address of the comment there. */
function subjectOf(item: RecentComment): { text: string; href: string } | null {
  const at = `#comment-${item.comment.commentId}`;
  if (item.post) return { text: item.post.title, href: `/post/${item.post.postId}${at}` };
  if (item.album && item.reviewId != null) {
    return {
      text: `a review of ${item.album.title}`,
      href: `/review/${encodeURIComponent(item.album.slug)}/${item.reviewId}${at}`,
    };
  }
  if (item.album) return { text: item.album.title, href: `${albumPath(item.album)}${at}` };
  if (item.list) {
    return {
      text: `the list “${item.list.title}”`,
      href: `/list/${item.list.listId}/${encodeURIComponent(item.list.slug)}${at}`,
    };
  }
  return null;
}

function Subject({ item }: { item: RecentComment }) {
  const subject = subjectOf(item);
  // What it was on may be gone: no dangling "on".
  if (!subject) return null;
  return (
    <>
      {' '}
      on <Link href={subject.href}>{subject.text}</Link>
    </>
  );
}

export function RecentComments() {
  const [kind, setKind] = useState<Kind>('all');
  const comments = useRecentComments(kind);
  return (
    <section class="home-section panel" aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      <Tabs label="Comments" tabs={TABS} selected={kind} onSelect={setKind} />
      <div role="tabpanel" aria-labelledby="comments-heading">
        {comments.isPending && <Loading label="Loading comments…" hidden />}
        {comments.isError && <ErrorNote error={comments.error} />}
        {comments.data?.length === 0 && <Empty>No comments yet.</Empty>}
        <PanelList
          key={kind}
          items={comments.data}
          pending={comments.isPending}
          noun={['comment', 'comments']}
          row={(item) => (
            <li key={item.comment.commentId}>
              <p class="feed-text">
                <WithMentions text={item.comment.commentText} />
              </p>
              <p class="feed-meta">
                <Link href={`/user/${encodeURIComponent(item.comment.user.username)}`}>
                  {item.comment.user.username || 'Unknown'}
                </Link>
                <Subject item={item} /> · <WrittenOn at={item.comment.createdAt} />
              </p>
              <HiddenNote hidden={item.comment.hidden} kind="comment" id={item.comment.commentId} />
            </li>
          )}
        />
      </div>
    </section>
  );
}
