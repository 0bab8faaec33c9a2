// A stand-in for MusicBrainz, the Cover Art Archive, Last.fm and Discogs on
// 127.0.0.1, answering with the recorded shapes the Rust tests use too.
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';

const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/import');
const RADIOHEAD = 'a74b1b7f-71a5-4011-9441-d0b5e4122711';
const NIRVANA_UK = '9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6';
const LOOKUPS = { [RADIOHEAD]: 'mb-artist-radiohead.json', [NIRVANA_UK]: 'mb-artist-nirvana-uk.json' };
const BROWSES = { [RADIOHEAD]: 'mb-release-groups-radiohead.json', [NIRVANA_UK]: 'mb-release-groups-nirvana-uk.json' };
// Release groups the archive has a generated front cover for, beside the recorded ones
// (as in tests/it/common/sources.rs).
const COVERED = new Set([
  '0a0b1c2d-3e4f-3a5b-8c6d-7e8f9a0b1c2d',
  'e2f3a4b5-c6d7-3e8f-9a0b-1c2d3e4f5a6b',
  '7a1b2c3d-4e5f-3a6b-8c7d-9e0f1a2b3c4d',
  '8b2c3d4e-5f6a-3b7c-9d8e-0f1a2b3c4d5e',
  '9c3d4e5f-6a7b-3c8d-8e9f-1a2b3c4d5e6f',
]);
export const LASTFM_KEY = 'test-lastfm-key';
/** An artist whose albums a test releases one by one (as FRESH in tests/it/common/sources.rs). */
export const FRESH = '66666666-7777-8888-9999-000000000000';
// Release groups a test released, each with a generated front cover.
const FRESH_GROUP = '00000000-0000-0000-0000-';
const freshGroups = [];

const fixture = (name) => readFileSync(resolve(FIXTURES, name), 'utf8');

function answer(response, status, body, headers = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

function route(request, response) {
  const url = new URL(request.url, 'http://mock');
  const q = url.searchParams;
  const path = url.pathname;
  if (path === '/ws/2/artist') {
    const query = (q.get('query') ?? '').toLowerCase();
    if (query.includes('radiohead')) return answer(response, 200, fixture('mb-search-radiohead.json'));
    if (query.includes('nirvana')) return answer(response, 200, fixture('mb-search-nirvana.json'));
    return answer(response, 200, '{"count":0,"offset":0,"artists":[]}');
  }
  if (path === `/ws/2/artist/${FRESH}`) {
    return answer(response, 200, JSON.stringify({ id: FRESH, type: 'Group', name: 'Fresh Band', genres: [], relations: [] }));
  }
  if (path.startsWith('/ws/2/artist/')) {
    const lookup = LOOKUPS[path.split('/')[4]];
    if (lookup) return answer(response, 200, fixture(lookup));
    return answer(response, 404, '{"error":"Not Found"}');
  }
  if (path === '/ws/2/release-group') {
    const browse = BROWSES[q.get('artist')];
    const groups = q.get('artist') === FRESH ? freshGroups : browse ? JSON.parse(fixture(browse))['release-groups'] : [];
    const offset = Number(q.get('offset') ?? 0);
    const page = groups.slice(offset, offset + Number(q.get('limit') ?? 25));
    const body = { 'release-group-count': groups.length, 'release-group-offset': offset, 'release-groups': page };
    return answer(response, 200, JSON.stringify(body));
  }
  if (path === '/ws/2/release') {
    // One official CD of three tracks, for a released group's tracklist.
    const group = q.get('release-group') ?? '';
    const tracks = [1, 2, 3].map((n) => ({ id: `${group}-track-${n}`, position: n, number: String(n), title: `Track ${n}`, length: 180_000 }));
    const release = { id: `${group.slice(0, 8)}-cd`, status: 'Official', date: '', media: [{ position: 1, format: 'CD', 'track-count': 3, tracks }] };
    return answer(response, 200, JSON.stringify({ 'release-count': 1, 'release-offset': 0, releases: [release] }));
  }
  if (path.startsWith('/release-group/')) {
    const mbid = path.split('/')[2];
    if (!existsSync(resolve(FIXTURES, `caa-${mbid}.json`)) && !COVERED.has(mbid) && !mbid.startsWith(FRESH_GROUP)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end(`No cover art found for release group ${mbid}`);
    }
    response.writeHead(307, { location: `/archive/${mbid}/index.json` });
    return response.end();
  }
  if (path.startsWith('/archive/')) {
    const mbid = path.split('/')[2];
    if (existsSync(resolve(FIXTURES, `caa-${mbid}.json`))) return answer(response, 200, fixture(`caa-${mbid}.json`));
    const release = `7e1ea5e0${mbid.slice(8)}`;
    const image = (suffix) => `http://coverartarchive.org/release/${release}/4242${suffix}.jpg`;
    const index = {
      images: [{ approved: true, back: false, front: true, id: 4242, image: image(''), types: ['Front'],
        thumbnails: { 250: image('-250'), 500: image('-500'), 1200: image('-1200'), small: image('-250'), large: image('-500') } }],
      release: `https://musicbrainz.org/release/${release}`,
    };
    return answer(response, 200, JSON.stringify(index));
  }
  if (path === '/2.0/') {
    if (q.get('api_key') !== LASTFM_KEY) return answer(response, 403, '{"error":10,"message":"Invalid API key"}');
    const method = q.get('method');
    if (method === 'album.gettoptags' && q.get('album') === 'OK Computer') return answer(response, 200, fixture('lastfm-toptags-ok-computer.json'));
    if (method === 'album.gettoptags' && q.get('album') === 'Kid A') return answer(response, 200, fixture('lastfm-toptags-kid-a.json'));
    if (method === 'artist.getinfo' && (q.get('mbid') === RADIOHEAD || q.get('artist') === 'Radiohead')) {
      return answer(response, 200, fixture('lastfm-artist-radiohead.json'));
    }
    // Asked by name, Last.fm answers with the best-known namesake.
    if (method === 'artist.getinfo' && q.get('artist') === 'Nirvana') return answer(response, 200, fixture('lastfm-artist-nirvana.json'));
    return answer(response, 200, '{"error":6,"message":"Not found","links":[]}');
  }
  return answer(response, 404, '{"message":"not a mocked path"}');
}

/** Starts the stand-in; `env` points a halfstar server at it. */
export async function startMockSources() {
  const server = createServer(route);
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    env: {
      HALFSTAR_MUSICBRAINZ_URL: base,
      HALFSTAR_COVERART_URL: base,
      HALFSTAR_LASTFM_URL: base,
      HALFSTAR_DISCOGS_URL: base,
      HALFSTAR_LASTFM_KEY: LASTFM_KEY,
      HALFSTAR_MUSICBRAINZ_INTERVAL_MS: '5',
    },
    stop: () => new Promise((done) => server.close(done)),
    /** MusicBrainz lists a new studio album of FRESH from now on. */
    release: (title, date) => {
      const id = `${FRESH_GROUP}${String(900_000 + freshGroups.length + 1).padStart(12, '0')}`;
      freshGroups.push({ id, title, 'first-release-date': date, 'primary-type': 'Album', 'secondary-types': [] });
    },
  };
}
