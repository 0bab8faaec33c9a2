"""Sends plays to halfstar as a music player would, with liblistenbrainz,
ListenBrainz's own client: checks the token, says what is playing now,
submits the play, then imports the rest of the album's plays in one batch.

    python send_listens.py BASE_URL TOKEN ARTIST ALBUM TRACK...

BASE_URL is the site's address: liblistenbrainz joins "/1/..." to it.
"""

import sys
import time

import liblistenbrainz


def main(base_url, token, artist, album, tracks):
    client = liblistenbrainz.ListenBrainz(api_base_url=base_url)
    client.set_auth_token(token)  # raises unless validate-token says valid
    start = int(time.time()) - 60 * 60

    def play(n, track, listened_at=None):
        return liblistenbrainz.Listen(
            track_name=track,
            artist_name=artist,
            release_name=album,
            listened_at=listened_at,
            tracknumber=n + 1,
            listening_from="halfstar-test",
        )

    client.submit_playing_now(play(0, tracks[0]))
    client.submit_single_listen(play(0, tracks[0], start))
    rest = [play(n, t, start + 240 * n) for n, t in enumerate(tracks) if n > 0]
    if rest:
        client.submit_multiple_listens(rest)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5:])
