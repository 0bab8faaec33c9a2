import type { ProfileStats } from '../../api/types';
import { pieSlices } from './profileData';

/** The theme gives five or six pie colours; slices past them wrap around. */
function sliceColour(index: number, themeColours: number): string {
  return `var(--pie-${(index % themeColours) + 1})`;
}

/** The member's top ten genres as a pie, with a legend of their shares. */
export function GenrePie({ genres }: { genres: ProfileStats['topGenres'] }) {
  const slices = pieSlices(genres);
  if (slices.length === 0) return <p class="empty profile-visual-empty">This user doesn't have any ratings.</p>;
  // Themes with five colours leave --pie-6 unset.
  const colours =
    typeof document !== 'undefined' &&
    getComputedStyle(document.documentElement).getPropertyValue('--pie-6').trim() === ''
      ? 5
      : 6;
  const description = slices.map((slice) => `${slice.name} ${slice.percentage.toFixed(1)}%`).join(', ');
  return (
    <figure class="genre-pie">
      <svg viewBox="-1.05 -1.05 2.1 2.1" role="img" aria-label={`Top genres: ${description}`}>
        {slices.map((slice, index) => (
          <path key={slice.name} d={slice.path} fill={sliceColour(index, colours)} stroke="var(--tile-background)" stroke-width="0.01" />
        ))}
      </svg>
      <figcaption>
        <ul class="genre-pie-legend">
          {slices.map((slice, index) => (
            <li key={slice.name}>
              <span class="genre-pie-swatch" style={{ background: sliceColour(index, colours) }} aria-hidden="true" />
              <span class="genre-pie-name">{slice.name}</span>
              <span class="genre-pie-share">{slice.percentage.toFixed(1)}%</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
