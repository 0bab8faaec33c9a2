import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { refreshAfterWrite } from '../../api/viewerCache';
import { CreationPage } from '../../components/CreationPage';
import { SubmitRow } from '../../components/SubmitRow';
import { useFormFields, useSubmit } from '../../lib/useFormFields';

/** /add-post: a title and a text, then the new post's page. */
export function AddPostPage() {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const { fields, bind } = useFormFields({ title: '', postText: '' });
  const { pending, error, onSubmit } = useSubmit(async () => {
    const post = await communityApi.writePost(fields.title, fields.postText);
    await refreshAfterWrite(client);
    navigate(`/post/${post.postId}`);
  });
  return (
    <CreationPage screen="add-post" title="Add Post" reason="to write a post.">
      <form class="form" onSubmit={onSubmit}>
        <label>
          Title
          <input {...bind('title')} autoComplete="off" />
        </label>
        <label>
          Text
          <textarea {...bind('postText')} rows={12} />
        </label>
        <SubmitRow pending={pending} error={error} />
      </form>
    </CreationPage>
  );
}
