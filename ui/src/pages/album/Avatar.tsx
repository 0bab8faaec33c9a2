import { useState } from 'react';
import { Link } from 'wouter-preact';
import type { Author } from '../../api/types';
import { initials } from '../../components/Cover';

/** An author's name, or 'Unknown' when the server has none. */
export function authorName(author: Author | null | undefined): string {
  return author?.username ? author.username : 'Unknown';
}

/**
 * A small profile picture. It is decorative (alt="") because the name is
 * always beside it; without a picture the initials stand in.
 */
function Avatar({ src, name }: { src: string; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span class="album-avatar generated" aria-hidden="true">
        {initials(name)}
      </span>
    );
  }
  return <img class="album-avatar" src={src} alt="" loading="lazy" onError={() => setFailed(true)} />;
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
