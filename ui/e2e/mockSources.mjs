// A stand-in for MusicBrainz, the Cover Art Archive, Last.fm and Discogs on
// 127.0.0.1, answering with the recorded shapes the Rust tests use too.
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';

const FIXTURES = resolve(import.meta.dirname, '../../tests/fixtures/import');
const RADIOHEAD = 'a74b1b7f-71a5-4011-9441-d0b5e4122711';
export const LASTFM_KEY = 'test-lastfm-key';

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
  if (path.startsWith('/ws/2/artist/')) {
    if (path.endsWith(RADIOHEAD)) return answer(response, 200, fixture('mb-artist-radiohead.json'));
    return answer(response, 404, '{"error":"Not Found"}');
  }
  if (path === '/ws/2/release-group') {
    const page = `mb-release-groups-radiohead-${q.get('offset') ?? '0'}.json`;
    if (q.get('artist') === RADIOHEAD && existsSync(resolve(FIXTURES, page))) return answer(response, 200, fixture(page));
    return answer(response, 200, '{"release-group-count":0,"release-group-offset":0,"release-groups":[]}');
  }
  if (path.startsWith('/release-group/')) {
    const mbid = path.split('/')[2];
    if (!existsSync(resolve(FIXTURES, `caa-${mbid}.json`))) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end(`No cover art found for release group ${mbid}`);
    }
    response.writeHead(307, { location: `/archive/${mbid}/index.json` });
    return response.end();
  }
  if (path.startsWith('/archive/')) return answer(response, 200, fixture(`caa-${path.split('/')[2]}.json`));
  if (path === '/2.0/') {
    if (q.get('api_key') !== LASTFM_KEY) return answer(response, 403, '{"error":10,"message":"Invalid API key"}');
    const method = q.get('method');
    if (method === 'album.gettoptags' && q.get('album') === 'OK Computer') return answer(response, 200, fixture('lastfm-toptags-ok-computer.json'));
    if (method === 'album.gettoptags' && q.get('album') === 'Kid A') return answer(response, 200, fixture('lastfm-toptags-kid-a.json'));
    if (method === 'artist.getinfo' && q.get('artist') === 'Radiohead') return answer(response, 200, fixture('lastfm-artist-radiohead.json'));
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
  };
}
