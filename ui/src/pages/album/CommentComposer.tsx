import { communityApi, type CommentTarget } from '../../api/community';
import { TextComposer } from '../../components/TextComposer';

/** The box for a new comment; blank text is quietly not sent, as the spec says. */
export function CommentComposer({ target, onPosted }: { target: CommentTarget; onPosted: () => void }) {
  return (
    <TextComposer
      class="album-composer"
      label="Add a comment"
      loginReason="to comment."
      slowDownTitle="You are sending too many comments."
      send={async (text) => {
        await communityApi.comment(target, text);
        onPosted();
      }}
    />
  );
}
