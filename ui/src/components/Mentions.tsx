// @username in what members write (reviews, comments, posts, shouts, list
// descriptions) links to that member's profile. The rule is the server's
// (src/domain/mentions.rs), so what links is what notified someone.
import { Link } from 'wouter-preact';

export type TextPart = string | { mention: string };

const NAME_CHAR = /[A-Za-z0-9_.-]/;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * The text cut into plain runs and mentions. A name is letters, digits, `_`,
 * `-` and `.` without a trailing `.` or `-` (a sentence's end), 3 to 30 long;
 * an `@` inside a word (an email address) mentions nobody.
 */
export function mentionParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plain = '';
  let at = 0;
  while (at < text.length) {
    const startsWord = at === 0 || !WORD_CHAR.test(text[at - 1]);
    if (text[at] !== '@' || !startsWord) {
      plain += text[at];
      at += 1;
      continue;
    }
    let end = at + 1;
    while (end < text.length && NAME_CHAR.test(text[end])) end += 1;
    const name = text.slice(at + 1, end).replace(/[.-]+$/, '');
    if (name.length < 3 || name.length > 30) {
      plain += text.slice(at, end);
      at = end;
      continue;
    }
    if (plain) parts.push(plain);
    plain = '';
    parts.push({ mention: name });
    // What the name left (a full stop) is plain text again.
    at = at + 1 + name.length;
  }
  if (plain) parts.push(plain);
  return parts;
}

/** Member text with each @username a link to their profile. */
export function WithMentions({ text }: { text: string }) {
  return (
    <>
      {mentionParts(text).map((part, index) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={index} href={`/user/${encodeURIComponent(part.mention)}`} class="mention">
            @{part.mention}
          </Link>
        ),
      )}
    </>
  );
}
