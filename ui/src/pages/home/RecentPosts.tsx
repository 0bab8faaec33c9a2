import { useState } from 'react';
import { Link } from 'wouter-preact';
import type { HideableKind } from '../../api/moderation';
import { useRecentPosts, useRecentReviews } from '../../api/queries';
import { HiddenNote } from '../../components/HiddenNote';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { Tabs } from '../../components/Tabs';
import { WrittenOn } from '../../components/WrittenOn';
import { PanelList } from './PanelList';
import { compareCodes } from '../../lib/compare';

type Kind = 'all' | 'posts' | 'reviews';
const TABS = [
  ['all', 'All'],
  ['posts', 'Posts'],
  ['reviews', 'Reviews'],
] as const;

interface Entry {
  key: string;
  title: string;
  href: string;
  author: string;
  createdAt: string;
  kind: 'Post' | 'Review';
  item: { kind: HideableKind; id: number; hidden: boolean };
}

/** What the Show more button names, for each tab. */
const NOUNS: Record<Kind, readonly [string, string]> = {
  all: ['post or review', 'posts and reviews'],
  posts: ['post', 'posts'],
  reviews: ['review', 'reviews'],
};

export function RecentPosts() {
  const [kind, setKind] = useState<Kind>('all');
  const posts = useRecentPosts();
  const reviews = useRecentReviews();
  const entries: Entry[] = [
    ...(kind !== 'reviews'
      ? (posts.data ?? []).map((post) => ({
          key: `post-${post.postId}`,
          title: post.title,
          href: `/post/${post.postId}`,
          author: post.user.username,
          createdAt: post.createdAt,
          kind: 'Post' as const,
          item: { kind: 'post' as const, id: post.postId, hidden: post.hidden },
        }))
      : []),
    ...(kind !== 'posts'
      ? (reviews.data ?? []).map((review) => ({
          key: `review-${review.reviewId}`,
          title: `${review.artist} - ${review.albumTitle}`,
          href: `/review/${encodeURIComponent(review.albumSlug)}/${review.reviewId}`,
          author: review.user.username,
          createdAt: review.createdAt,
          kind: 'Review' as const,
          item: { kind: 'review' as const, id: review.reviewId, hidden: review.hidden },
        }))
      : []),
  ].sort((a, b) => compareCodes(b.createdAt, a.createdAt));
  const pending = (kind !== 'reviews' && posts.isPending) || (kind !== 'posts' && reviews.isPending);
  const error = posts.error ?? reviews.error;

  return (
    <section class="home-section panel" aria-labelledby="posts-heading">
      <h2 id="posts-heading">Posts</h2>
      <Tabs label="Posts" tabs={TABS} selected={kind} onSelect={setKind} />
      <div role="tabpanel" aria-labelledby="posts-heading">
        {pending && <Loading label="Loading posts…" hidden />}
        {error && <ErrorNote error={error} />}
        {!pending && !error && entries.length === 0 && <Empty>Nothing posted yet.</Empty>}
        <PanelList
          key={kind}
          items={entries}
          pending={pending}
          noun={NOUNS[kind]}
          row={(entry) => (
            <li key={entry.key}>
              <Link href={entry.href} class="feed-title">
                {entry.title}
              </Link>
              <p class="feed-meta">
                <span class="feed-kind">{entry.kind}</span> by {entry.author || 'Unknown'} ·{' '}
                <WrittenOn at={entry.createdAt} />
              </p>
              <HiddenNote {...entry.item} />
            </li>
          )}
        />
      </div>
    </section>
  );
}
