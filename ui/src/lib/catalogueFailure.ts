import { ApiError } from '../api/client';

export type CatalogueAction = 'add an album' | 'edit an album' | 'add an artist' | 'edit an artist';

const GENERAL: Record<CatalogueAction, string> = {
  'add an album': 'Something went wrong while adding the album.',
  'edit an album': 'Something went wrong while editing the album.',
  'add an artist': 'Something went wrong while adding the artist.',
  'edit an artist': 'Something went wrong while editing the artist.',
};

/**
 * What an editor reads when a catalogue write is refused (the spec's section
 * 8): the editor-role sentence for a permission refusal; the server's own
 * words otherwise, except 'Internal server error', which says nothing useful.
 * Adding an artist always leads with the spec's general sentence, followed by
 * the server's reason when it gave one worth reading.
 */
export function catalogueFailureMessage(failure: unknown, action: CatalogueAction): string {
  if (failure instanceof ApiError && (failure.status === 403 || failure.message === 'Insufficient permissions')) {
    return `You must have the editor role to ${action}.`;
  }
  const reason = failure instanceof ApiError && failure.status < 500 ? failure.message : '';
  const useful = reason !== '' && reason !== 'Internal server error';
  if (action === 'add an artist') return useful ? `${GENERAL[action]} ${reason}` : GENERAL[action];
  return useful ? reason : GENERAL[action];
}
