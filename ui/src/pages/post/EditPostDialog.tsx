import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { communityApi } from '../../api/community';
import { refreshAfterWrite } from '../../api/viewerCache';
import type { Post } from '../../api/types';
import { Dialog } from '../../components/Dialog';
import { SubmitRow } from '../../components/SubmitRow';
import { useSubmit } from '../../lib/useFormFields';

/** The author's 'Edit Post' dialog: the text only, as the spec has it. */
export function EditPostDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const client = useQueryClient();
  const id = useUniqueId();
  const [text, setText] = useState(post.postText);
  const { pending, error, onSubmit } = useSubmit(async () => {
    await communityApi.editPost(post.postId, text);
    await refreshAfterWrite(client);
    onClose();
  });
  return (
    <Dialog title="Edit Post" onClose={onClose} wide>
      <form class="form" onSubmit={onSubmit}>
        <label for={id}>Post text</label>
        <textarea
          id={id}
          value={text}
          rows={12}
          required
          onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
        />
        <SubmitRow pending={pending} error={error} />
      </form>
    </Dialog>
  );
}
