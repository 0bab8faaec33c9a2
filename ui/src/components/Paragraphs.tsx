import { WithMentions } from './Mentions';

/** Text as the author typed it: blank lines part paragraphs, single breaks stay; @username links. */
export function Paragraphs({ text, class: className }: { text: string; class?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((part) => part.trim() !== '');
  return (
    <div class={['paragraphs', className].filter(Boolean).join(' ')}>
      {paragraphs.map((part, index) => (
        <p key={index}>
          <WithMentions text={part} />
        </p>
      ))}
    </div>
  );
}
