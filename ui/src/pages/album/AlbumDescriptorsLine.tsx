import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'wouter-preact';
import { KIND_HEADINGS, descriptorsApi, membersCount, useAlbumDescriptors, useDescriptorVocabulary, wordsOf } from '../../api/descriptors';
import type { Album, AlbumDescriptors, DescriptorKind } from '../../api/types';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { FormMessage } from '../../components/AuthCard';
import { Dialog } from '../../components/Dialog';
import { LoginPrompt } from '../../components/LoginPrompt';
import { useWriteRefusal } from '../../components/SuspendedBanner';

const KINDS: DescriptorKind[] = ['mood', 'sound', 'form'];

/** The album's strongest descriptors, each a link to its page, and the way to describe the album. */
export function AlbumDescriptorsLine({ album }: { album: Album }) {
  const { user } = useAuth();
  const refused = useWriteRefusal();
  const described = useAlbumDescriptors(album.albumId);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const strongest = described.data?.strongest ?? [];
  const rateFirst = user != null && described.data != null && !described.data.canDescribe;
  return (
    <div class="album-descriptors">
      {strongest.length > 0 && (
        <ul class="album-chips descriptors" aria-label="Descriptors">
          {strongest.map((word) => (
            <li key={word.slug}>
              <Link href={`/descriptor/${word.slug}`} title={membersCount(word.members)}>
                {word.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <button
        type="button"
        class="link-button"
        aria-haspopup="dialog"
        aria-describedby={rateFirst ? `rate-to-describe-${album.albumId}` : undefined}
        disabled={refused != null || rateFirst}
        onClick={() => setOpen(true)}
      >
        Describe
      </button>
      {rateFirst && (
        <span id={`rate-to-describe-${album.albumId}`} class="album-muted descriptors-hint">
          Rate the album to describe it.
        </span>
      )}
      {open &&
        described.data &&
        createPortal(
          user ? (
            <DescribeDialog album={album} described={described.data} onClose={close} />
          ) : (
            <LoginPrompt reason="to describe an album." onClose={close} />
          ),
          document.body,
        )}
    </div>
  );
}

function DescribeDialog({ album, described, onClose }: { album: Album; described: AlbumDescriptors; onClose: () => void }) {
  const client = useQueryClient();
  const vocabulary = useDescriptorVocabulary();
  const [chosen, setChosen] = useState<string[]>(described.mine);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const applied = new Map(described.applied.map((word) => [word.slug, word.members]));
  const full = chosen.length >= described.mostAMember;

  const save = async () => {
    setPending(true);
    setError('');
    try {
      await descriptorsApi.describe(album.albumId, chosen);
      await refreshAfterWrite(client);
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  const toggle = (slug: string, on: boolean) => setChosen(on ? [...chosen, slug] : chosen.filter((other) => other !== slug));

  return (
    <Dialog title="Describe" onClose={onClose} wide>
      <p class="add-to-list-album">
        {album.title} <span class="add-to-list-artist">by {album.artist}</span>
      </p>
      {vocabulary.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : vocabulary.isError ? (
        <FormMessage message={vocabulary.error.message} />
      ) : (
        <form
          class="form"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <p class="field-hint">
            Tick up to {described.mostAMember} words ({chosen.length} ticked). A word shows on the album once {described.strongEnough}{' '}
            members applied it; the number is how many have.
          </p>
          <div class="descriptor-ballot">
            {KINDS.map((kind) => (
              <fieldset key={kind}>
                <legend>{KIND_HEADINGS[kind]}</legend>
                <ul>
                  {wordsOf(vocabulary.data, kind).map((word) => {
                    const on = chosen.includes(word.slug);
                    const members = applied.get(word.slug);
                    return (
                      <li key={word.slug}>
                        <label title={word.meaning}>
                          <input type="checkbox" checked={on} disabled={!on && full} onChange={(event) => toggle(word.slug, event.currentTarget.checked)} />{' '}
                          {word.name}
                          {members != null && <span class="album-muted"> {members}</span>}
                        </label>
                      </li>
                    );
                  })}
                </ul>
              </fieldset>
            ))}
          </div>
          <div class="dialog-actions">
            <button type="submit" class="button primary" disabled={pending}>
              Save
            </button>
            <button type="button" class="button" onClick={onClose}>
              Cancel
            </button>
          </div>
          <FormMessage message={error} />
        </form>
      )}
    </Dialog>
  );
}
