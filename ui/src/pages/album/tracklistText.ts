// A tracklist as an editor types it: one track a line, "Title 4:44" (the
// length is optional, h:mm:ss for the long ones), and "Disc 2" (or "CD 2")
// where a disc begins. Leading track numbers ("1.", "01 -") are dropped.
import type { TrackFields } from '../../api/types';

const DISC = /^(?:disc|cd|side)\s*(\d+)\s*:?$/i;
const LENGTH = /\s+\(?(?:(\d{1,2}):)?(\d{1,3}):([0-5]\d)\)?$/;
const NUMBER = /^\d{1,3}\s*(?:[.)]|-|–)\s*/;

/** m:ss, or h:mm:ss from an hour. */
export function formatLength(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The text an editor starts from. */
export function tracklistText(tracks: readonly TrackFields[]): string {
  const discs = new Set(tracks.map((track) => track.disc));
  const lines: string[] = [];
  let disc = 0;
  for (const track of tracks) {
    if (discs.size > 1 && track.disc !== disc) lines.push(`Disc ${track.disc}`);
    disc = track.disc;
    lines.push(track.lengthMs == null ? track.title : `${track.title} ${formatLength(track.lengthMs)}`);
  }
  return lines.join('\n');
}

/**
 * The tracks of the typed text; a track keeping its place and title keeps
 * its MusicBrainz recording from `before`.
 */
export function parseTracklist(text: string, before: readonly TrackFields[] = []): TrackFields[] {
  const tracks: TrackFields[] = [];
  let disc = 1;
  let position = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const discLine = DISC.exec(line);
    if (discLine) {
      const next = Number(discLine[1]);
      if (next !== disc || position > 0) {
        disc = next;
        position = 0;
      }
      continue;
    }
    position += 1;
    const length = LENGTH.exec(line);
    let title = length ? line.slice(0, length.index) : line;
    title = title.replace(NUMBER, '').trim() || title.trim();
    const lengthMs = length ? ((Number(length[1] ?? 0) * 60 + Number(length[2])) * 60 + Number(length[3])) * 1000 : null;
    const same = before.find((track) => track.disc === disc && track.position === position && track.title === title);
    tracks.push({ disc, position, title, lengthMs, recordingMbid: same?.recordingMbid ?? null });
  }
  return tracks;
}
