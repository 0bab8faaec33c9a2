import type { ComponentChildren } from 'preact';
import { useMemo, useState } from 'react';
import { useUniqueId } from '../../lib/useUniqueId';
import { useLocation } from 'wouter-preact';
import { useDescriptorVocabulary } from '../../api/descriptors';
import { useGenres } from '../../api/queries';
import { ORDERS, figureText, saveChartAsList, shapeFromParams, shapeQuery, useShapedChart, yearsText } from '../../api/shapedCharts';
import type { ChartShape } from '../../api/shapedCharts';
import type { ChartOrder } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { AlbumTile } from '../../components/AlbumTile';
import { FormMessage } from '../../components/AuthCard';
import { LoginPrompt } from '../../components/LoginPrompt';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { useWriteRefusal } from '../../components/SuspendedBanner';
import { useQueryParams } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { titleCase, yearOptions } from './chartText';
import './charts.css';
import { compareNames } from '../../lib/compare';

const TYPES = ['LP', 'EP', 'Live', 'Other'];
const FEWEST = ['1', '2', '5', '10', '25', '50', '100'];
const DECADES = ['2020', '2010', '2000', '1990', '1980', '1970', '1960', '1950'];

interface Choice {
  value: string;
  label: string;
}

/** /charts/shaped: filters that combine and an order; the address holds them all, so a chart can be shared. */
export function ShapedChartPage() {
  const [, navigate] = useLocation();
  const params = useQueryParams();
  const shape = shapeFromParams(params);
  const query = shapeQuery(shape);
  const genres = useGenres();
  const vocabulary = useDescriptorVocabulary();
  const genreChoices = useMemo(
    () => [...(genres.data ?? [])].sort((a, b) => compareNames(a.name, b.name)).map((g) => ({ value: g.slug, label: g.name })),
    [genres.data],
  );
  const descriptorChoices = useMemo(
    () => [...(vocabulary.data ?? [])].sort((a, b) => compareNames(a.name, b.name)).map((d) => ({ value: d.slug, label: d.name })),
    [vocabulary.data],
  );
  const title = chartSentence(shape, genreChoices, descriptorChoices);
  useDocumentTitle(title);
  const chart = useShapedChart(query);
  const change = (next: Partial<ChartShape>) => {
    const nextQuery = shapeQuery({ ...shape, ...next });
    navigate(`/charts/shaped${nextQuery ? `?${nextQuery}` : ''}`, { replace: true });
  };

  return (
    <section class="charts-page" data-screen="shaped-chart">
      <h1>Shape a chart</h1>
      <p class="chart-description" aria-live="polite">
        {title}
      </p>
      <ShapeFilters shape={shape} change={change} genreChoices={genreChoices} descriptorChoices={descriptorChoices} />
      <ChartActions title={title} albumIds={chart.items.map((entry) => entry.album.albumId)} />
      {chart.isPending ? (
        <Loading label="Loading data…" />
      ) : chart.isError ? (
        <ErrorNote error={chart.error} />
      ) : chart.items.length === 0 ? (
        <Empty>No album fits these filters.</Empty>
      ) : (
        <>
          <p class="chart-note">{chart.total === 1 ? '1 album' : `${chart.total} albums`}</p>
          <ol class="shaped-list" aria-label="Chart">
            {chart.items.map((entry) => (
              <li key={entry.album.albumId}>
                <span class="shaped-rank" aria-hidden="true">
                  {entry.rank}
                </span>
                <AlbumTile album={entry.album} compact />
                <span class="album-muted shaped-figure">{figureText(shape.order, entry.figure)}</span>
              </li>
            ))}
          </ol>
          {chart.hasNextPage && (
            <div class="show-more">
              <span class="show-more-count">
                Showing {chart.items.length} of {chart.total}
              </span>
              <button type="button" class="button" disabled={chart.isFetchingNextPage} onClick={() => void chart.fetchNextPage()}>
                {chart.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** 'Shoegaze albums of the 1990s, without Dream Pop, described as dreamy, by most divisive'. */
export function chartSentence(shape: ChartShape, genres: Choice[], descriptors: Choice[]): string {
  const name = (choices: Choice[], value: string) => choices.find((c) => c.value === value)?.label ?? value;
  const genreWords = shape.genres.map((slug) => titleCase(name(genres, slug))).join(' or ');
  const kind = shape.type ? `${shape.type} ` : '';
  const years = yearsText(shape.from, shape.to);
  const parts = [`${genreWords ? `${genreWords} ` : ''}${kind}albums${years ? ` of ${/s$/.test(years) ? 'the ' : ''}${years}` : ''}`];
  if (shape.without.length > 0) parts.push(`without ${shape.without.map((slug) => titleCase(name(genres, slug))).join(' or ')}`);
  if (shape.descriptors.length > 0) parts.push(`described as ${shape.descriptors.map((slug) => name(descriptors, slug)).join(' and ')}`);
  if (Number(shape.minRatings) > 1) parts.push(`with at least ${shape.minRatings} ratings`);
  const order = ORDERS.find((o) => o.value === shape.order)?.label.toLowerCase() ?? shape.order;
  parts.push(`by ${order}`);
  const sentence = parts.join(', ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function ShapeFilters({
  shape,
  change,
  genreChoices,
  descriptorChoices,
}: {
  shape: ChartShape;
  change: (next: Partial<ChartShape>) => void;
  genreChoices: Choice[];
  descriptorChoices: Choice[];
}) {
  const years = useMemo(() => yearOptions(new Date().getFullYear()), []);
  const decade = DECADES.find((start) => shape.from === start && Number(shape.to) === Number(start) + 9) ?? '';
  return (
    <div class="chart-filters shaped-filters">
      <Select label="Decade" value={decade} onChange={(start) => change(start ? { from: start, to: String(Number(start) + 9) } : { from: '', to: '' })}>
        <option value="">Any</option>
        {DECADES.map((start) => (
          <option key={start} value={start}>
            {start}s
          </option>
        ))}
      </Select>
      {/* A range the wrong way round follows the year just chosen. */}
      <YearSelect label="From" years={years} value={shape.from} onChange={(from) => change({ from, to: shape.to && from && shape.to < from ? from : shape.to })} />
      <YearSelect label="To" years={years} value={shape.to} onChange={(to) => change({ to, from: shape.from && to && shape.from > to ? to : shape.from })} />
      <Select label="Type" value={shape.type} onChange={(type) => change({ type })}>
        <option value="">Any type</option>
        {TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </Select>
      <Select label="At least" value={shape.minRatings || '1'} onChange={(minRatings) => change({ minRatings: minRatings === '1' ? '' : minRatings })}>
        {FEWEST.map((fewest) => (
          <option key={fewest} value={fewest}>
            {fewest === '1' ? '1 rating' : `${fewest} ratings`}
          </option>
        ))}
      </Select>
      <Select label="Order" value={shape.order} onChange={(order) => change({ order: order as ChartOrder })}>
        {ORDERS.map((order) => (
          <option key={order.value} value={order.value}>
            {order.label}
          </option>
        ))}
      </Select>
      <Picks label="Genres" adding="Add a genre" choices={genreChoices} chosen={shape.genres} taken={shape.without} onChange={(genres) => change({ genres })} />
      <Picks label="Without" adding="Leave out a genre" choices={genreChoices} chosen={shape.without} taken={shape.genres} onChange={(without) => change({ without })} />
      <Picks label="Descriptors" adding="Add a descriptor" choices={descriptorChoices} chosen={shape.descriptors} taken={[]} onChange={(descriptors) => change({ descriptors })} />
    </div>
  );
}

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ComponentChildren }) {
  const id = useUniqueId();
  return (
    <div class="chart-filter">
      <label for={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.currentTarget.value)}>
        {children}
      </select>
    </div>
  );
}

function YearSelect({ label, years, value, onChange }: { label: string; years: string[]; value: string; onChange: (year: string) => void }) {
  return (
    <Select label={label} value={value} onChange={onChange}>
      <option value="">Any year</option>
      {years.map((year) => (
        <option key={year} value={year}>
          {year}
        </option>
      ))}
    </Select>
  );
}

/** A filter of several values: each chosen one a chip to take out, and a select to add another. */
function Picks({
  label,
  adding,
  choices,
  chosen,
  taken,
  onChange,
}: {
  label: string;
  adding: string;
  choices: Choice[];
  chosen: string[];
  /** Values another filter holds, not offered here. */
  taken: string[];
  onChange: (values: string[]) => void;
}) {
  const id = useUniqueId();
  const name = (value: string) => choices.find((c) => c.value === value)?.label ?? value;
  return (
    <div class="chart-filter shaped-picks" role="group" aria-labelledby={id}>
      <span id={id}>{label}</span>
      {chosen.length > 0 && (
        <ul class="album-chips">
          {chosen.map((value) => (
            <li key={value}>
              <button type="button" class="chip-button" aria-label={`Take ${name(value)} out of ${label}`} onClick={() => onChange(chosen.filter((other) => other !== value))}>
                {name(value)} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <select aria-label={adding} value="" onChange={(event) => event.currentTarget.value && onChange([...chosen, event.currentTarget.value])}>
        <option value="">{adding}…</option>
        {choices
          .filter((choice) => !chosen.includes(choice.value) && !taken.includes(choice.value))
          .map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
      </select>
    </div>
  );
}

/** Copy the chart's link, or save its albums (as far as shown) as a list of one's own. */
function ChartActions({ title, albumIds }: { title: string; albumIds: number[] }) {
  const { user } = useAuth();
  const refused = useWriteRefusal();
  const [, navigate] = useLocation();
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;

  const copy = async () => {
    try {
      await clipboard!.writeText(window.location.href);
      setSaid('Link copied.');
    } catch {
      setSaid('Copy the address from the address bar.');
    }
  };
  const save = async () => {
    if (!user) return setAskLogin(true);
    setPending(true);
    setError('');
    try {
      const kept = albumIds.slice(0, 100);
      const list = await saveChartAsList(title.slice(0, 100), `Made from the chart at ${window.location.href}`, kept);
      navigate(`/list/${list.listId}/${list.slug}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setPending(false);
    }
  };
  return (
    <div class="shaped-actions">
      {clipboard && (
        <button type="button" class="button" onClick={() => void copy()}>
          Copy link
        </button>
      )}
      <button type="button" class="button" disabled={pending || albumIds.length === 0 || refused != null} onClick={() => void save()}>
        Save as a list
      </button>
      {said && (
        <span role="status" class="album-muted">
          {said}
        </span>
      )}
      <FormMessage message={error} />
      {askLogin && <LoginPrompt reason="to save a chart as a list." onClose={() => setAskLogin(false)} />}
    </div>
  );
}
