import { Link } from 'wouter-preact';
import type { Author } from '../../api/types';
import { initials, useSitePicture } from '../../components/Cover';

/** An author's name, or 'Unknown' when the server has none. */
export function authorName(author: Author | null | undefined): string {
  return author?.username ? author.username : 'Unknown';
}

/**
 * A small profile picture: the initials, with the site's copy of the picture
 * over them when there is one. It is decorative (hidden from screen readers)
 * because the name is always beside it.
 */
function Avatar({ src, name }: { src: string; name: string }) {
  const { picture, showing } = useSitePicture(src, '32px');
  return (
    <span class={showing ? 'album-avatar generated pictured' : 'album-avatar generated'} aria-hidden="true">
      <span class="cover-initials">{initials(name)}</span>
      {picture}
    </span>
  );
}

/** Profile picture and name as one link to the author's profile. */
export function AuthorLink({ author }: { author: Author | null | undefined }) {
  const name = authorName(author);
  const content = (
    <>
      <Avatar src={author?.profilePictureUrl ?? ''} name={name} />
      <span class="album-author-name">{name}</span>
    </>
  );
  if (!author?.username) return <span class="album-author">{content}</span>;
  return (
    <Link href={`/user/${encodeURIComponent(author.username)}`} class="album-author">
      {content}
    </Link>
  );
}
