import type { ComponentChildren } from 'preact';
import { useState } from 'react';

/** A secret shown this once (a token, a private address), with a way to copy it where there is a clipboard. */
export function ShownOnce({ secret, what, testId, children }: { secret: string; what: string; testId: string; children: ComponentChildren }) {
  const [copied, setCopied] = useState('');
  // Without a secure context (plain http on a LAN address) there is no clipboard: the secret is there to select.
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = async () => {
    try {
      await clipboard!.writeText(secret);
      setCopied('Copied.');
    } catch {
      setCopied(`Could not copy: select the ${what} instead.`);
    }
  };
  return (
    <div class="shown-once" role="status">
      <p>{children}</p>
      <code data-testid={testId}>{secret}</code>
      {clipboard && (
        <button type="button" class="button" onClick={copy}>
          Copy {what}
        </button>
      )}
      {copied && <span class="session-detail">{copied}</span>}
    </div>
  );
}
