import { useUniqueId } from '../../lib/useUniqueId';
import { VISIBILITY_HINTS, VISIBILITY_LABELS, type ListVisibility } from '../../api/lists';

export interface ListDetails {
  title: string;
  description: string;
  ranked: boolean;
  visibility: ListVisibility;
}

export const NEW_LIST: ListDetails = { title: '', description: '', ranked: true, visibility: 'public' };

const VISIBILITIES: ListVisibility[] = ['public', 'unlisted', 'private'];

/** The server's limits, said before sending. */
export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;

/**
 * A list's own fields, for making one and for its author's edit mode:
 * title, description, numbered or not, and who may see it.
 */
export function ListFields({ details, onChange }: { details: ListDetails; onChange: (details: ListDetails) => void }) {
  const id = useUniqueId();
  const set = <K extends keyof ListDetails>(field: K, value: ListDetails[K]) => onChange({ ...details, [field]: value });
  return (
    <>
      <label>
        Title
        <input
          name="title"
          value={details.title}
          maxLength={TITLE_MAX}
          required
          autoComplete="off"
          onInput={(event) => set('title', event.currentTarget.value)}
        />
      </label>
      <label>
        Description
        <textarea
          name="description"
          rows={4}
          maxLength={DESCRIPTION_MAX}
          value={details.description}
          onInput={(event) => set('description', event.currentTarget.value)}
        />
      </label>
      <label class="list-checkbox">
        <input type="checkbox" name="ranked" checked={details.ranked} onChange={(event) => set('ranked', event.currentTarget.checked)} />
        Ordered: number the albums in my order
      </label>
      <fieldset class="list-visibility-choice">
        <legend>Who can see it</legend>
        {VISIBILITIES.map((visibility) => (
          <label key={visibility} class="list-radio">
            <input
              type="radio"
              name={`${id}-visibility`}
              value={visibility}
              checked={details.visibility === visibility}
              aria-describedby={`${id}-${visibility}`}
              onChange={() => set('visibility', visibility)}
            />
            <span>
              {VISIBILITY_LABELS[visibility]}
              <small id={`${id}-${visibility}`}>{VISIBILITY_HINTS[visibility]}</small>
            </span>
          </label>
        ))}
      </fieldset>
    </>
  );
}
