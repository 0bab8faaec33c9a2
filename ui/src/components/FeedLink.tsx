import { useEffect } from 'react';

/**
 * A link to an Atom feed of what the page shows, and the same feed announced in the document's head
 * (where feed readers and browser extensions look) for as long as the page is open.
 */
export function FeedLink({ href, title, children }: { href: string; title: string; children: string }) {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.title = title;
    link.href = href;
    document.head.appendChild(link);
    return () => link.remove();
  }, [href, title]);
  return (
    <a class="feed-link" href={href} type="application/atom+xml">
      {children}
    </a>
  );
}
