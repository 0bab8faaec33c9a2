import { useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '../../api/viewerCache';
import { useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { useLocation } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { CreationPage } from '../../components/CreationPage';
import { SubmitRow } from '../../components/SubmitRow';
import { useQueryParams } from '../../lib/routeParam';
import { useFormFields, useSubmit } from '../../lib/useFormFields';

interface Chosen {
  artist: string;
  album: string;
  albumSlug: string;
}

/**
 * /add-review in two steps: the server first checks the artist and album
 * (its refusal shows in red under the form), then the member writes.
 */
export function AddReviewPage() {
  const query = useQueryParams();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const { fields, bind } = useFormFields({ artist: query.get('artist') ?? '', album: query.get('album') ?? '' });
  return (
    <CreationPage screen="add-review" title="Add Review" reason="to write a review.">
      {chosen ? (
        <ReviewText chosen={chosen} onBack={() => setChosen(null)} />
      ) : (
        <NamesStep bind={bind} fields={fields} onValid={setChosen} />
      )}
    </CreationPage>
  );
}

function NamesStep({
  fields,
  bind,
  onValid,
}: {
  fields: { artist: string; album: string };
  bind: ReturnType<typeof useFormFields<{ artist: string; album: string }>>['bind'];
  onValid: (chosen: Chosen) => void;
}) {
  const { pending, error, onSubmit } = useSubmit(async () => {
    const found = await communityApi.validateReview(fields.artist.trim(), fields.album.trim());
    onValid({ artist: found.artist, album: found.album, albumSlug: found.albumSlug });
  });
  return (
    <form class="form" onSubmit={onSubmit}>
      <label>
        Artist Name
        <input {...bind('artist')} required autoComplete="off" />
      </label>
      <label>
        Album Name
        <input {...bind('album')} required autoComplete="off" />
      </label>
      <SubmitRow pending={pending} error={error} label="Next" />
    </form>
  );
}

function ReviewText({ chosen, onBack }: { chosen: Chosen; onBack: () => void }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const id = useUniqueId();
  const [text, setText] = useState('');
  const { pending, error, onSubmit } = useSubmit(async () => {
    const review = await communityApi.writeReview(chosen.artist, chosen.album, text);
    // The album's counts and tabs, the member's profile and the home page change.
    await refreshAfterWrite(client);
    navigate(`/review/${encodeURIComponent(chosen.albumSlug)}/${review.reviewId}`);
  });
  return (
    <form class="form" onSubmit={onSubmit}>
      <label for={id} class="review-compose-title">
        {chosen.artist} - {chosen.album}
      </label>
      <textarea
        id={id}
        value={text}
        rows={14}
        required
        onInput={(event) => setText((event.currentTarget as HTMLTextAreaElement).value)}
      />
      <div class="form-buttons">
        <button type="button" class="button" onClick={onBack}>
          Back
        </button>
      </div>
      <SubmitRow pending={pending} error={error} />
    </form>
  );
}
