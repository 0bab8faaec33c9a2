import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { communityApi } from '../../api/community';
import { useViewer, useViewerQuery } from '../../api/queries';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import type { PostPage as Post } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { HiddenNote } from '../../components/HiddenNote';
import { Paragraphs } from '../../components/Paragraphs';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { VoteBar } from '../../components/VoteBar';
import { AuthorLink } from '../album/Avatar';
import { CommentList } from '../album/CommentList';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EditPostDialog } from './EditPostDialog';
import './post.css';
import { plural } from '../../lib/words';
import { WrittenOn } from '../../components/WrittenOn';

/** The post as the caller sees it: their own vote is part of the answer. */
function usePost(postId: number) {
  return useViewerQuery(['post', postId], () => communityApi.post(postId), Number.isInteger(postId));
}

/** /post/{postId} */
export function PostPage({ params }: { params: Record<string, string | undefined> }) {
  const postId = Number(params.postId);
  const post = usePost(postId);
  useDocumentTitle(post.data?.title);
  return (
    <section class="post-page" data-screen="post">
      {!Number.isInteger(postId) ? (
        <ErrorNote error={new Error('There is no such post.')} />
      ) : post.isPending ? (
        <Loading label="Loading post…" />
      ) : post.isError ? (
        <ErrorNote error={post.error} />
      ) : (
        <PostView post={post.data} />
      )}
    </section>
  );
}

function PostView({ post }: { post: Post }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const viewer = useViewer();
  const [editing, setEditing] = useState(false);
  const count = post.userPostCount;
  return (
    <>
      <article class="post-body">
        <header class="post-header">
          <AuthorLink author={post.user} />
          <WrittenOn at={post.createdAt} />
          <span class="post-count">
            {plural(count, 'Post')}
          </span>
          {user?.userId === post.user.userId && (
            <button type="button" class="link-button" onClick={() => setEditing(true)}>
              Edit
            </button>
          )}
          <ReportButton kind="post" id={post.postId} authorId={post.user.userId} />
        </header>
        <HiddenNote hidden={post.hidden} kind="post" id={post.postId} />
        <h1>{post.title}</h1>
        <Paragraphs text={post.postText} class="post-text" />
        <VoteBar
          key={user?.userId ?? 0}
          target={{ postId: post.postId }}
          initial={{ userVote: post.userVote, votesUp: post.votesUp, votesDown: post.votesDown }}
          authorId={post.user.userId}
          noun="post"
          onVoted={(votes) => {
            // Coming back to the post shows the vote at once, before any refetch.
            client.setQueryData<Post>(underViewer(['post', post.postId], viewer), (old) => old && { ...old, ...votes });
            void refreshAfterWrite(client);
          }}
        />
      </article>
      <CommentList kind="post" id={post.postId} />
      {editing && <EditPostDialog post={post} onClose={() => setEditing(false)} />}
    </>
  );
}
