import { useMemo } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { useGenres } from '../../api/queries';
import { ALL_GENRES, ALL_TIME, yearOptions } from './chartText';
import { compareNames } from '../../lib/compare';

/** The Year and Genre selectors; choosing either one reports the new pair. */
export function ChartFilters({
  year,
  genre,
  onChange,
}: {
  year: string;
  genre: string;
  onChange: (year: string, genre: string) => void;
}) {
  const genres = useGenres();
  // Labels point at their selects rather than wrap them, so each select's name is just 'Year' or 'Genre'.
  const yearId = useUniqueId();
  const genreId = useUniqueId();
  const years = useMemo(() => yearOptions(new Date().getFullYear()), []);
  const sortedGenres = useMemo(
    () => [...(genres.data ?? [])].sort((a, b) => compareNames(a.name, b.name)),
    [genres.data],
  );

  // A route value the lists lack (the genres are still loading, or an unknown name) keeps
  // its own option, so the selectors always show what the page is showing.
  const strayYear = year !== ALL_TIME && !years.includes(year);
  const strayGenre = genre !== ALL_GENRES && !sortedGenres.some((option) => option.slug === genre);

  return (
    <div class="chart-filters">
      <div class="chart-filter">
        <label for={yearId}>Year</label>
        <select id={yearId} value={year} onChange={(event) => onChange(event.currentTarget.value, genre)}>
          <option value={ALL_TIME}>All Time</option>
          {strayYear && <option value={year}>{year}</option>}
          {years.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <div class="chart-filter">
        <label for={genreId}>Genre</label>
        <select id={genreId} value={genre} onChange={(event) => onChange(year, event.currentTarget.value)}>
          <option value={ALL_GENRES}>All Genres</option>
          {strayGenre && <option value={genre}>{genre}</option>}
          {sortedGenres.map((option) => (
            <option key={option.slug} value={option.slug}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
