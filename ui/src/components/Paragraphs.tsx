/** Text as the author typed it: blank lines part paragraphs, single breaks stay. */
export function Paragraphs({ text, class: className }: { text: string; class?: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((part) => part.trim() !== '');
  return (
    <div class={['paragraphs', className].filter(Boolean).join(' ')}>
      {paragraphs.map((part, index) => (
        <p key={index}>{part}</p>
      ))}
    </div>
  );
}
