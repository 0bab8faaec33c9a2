#!/usr/bin/env python3
"""Music players sending plays to a running server, timed.

Members 1 to MEMBERS of the synthetic community (player tokens
synthetic-player-N) each send a "single" play of a long-tail album, in
parallel, ROUNDS times; then one member sends a 1,000-play import. Prints
the single plays' median and 99th percentile and the import's time.

    bench/player-plays.py BASE_URL DATA_DIR
"""
import concurrent.futures
import http.client
import json
import sqlite3
import statistics
import sys
import time
import urllib.parse

MEMBERS = 50
ROUNDS = 20


def send(base, token, body):
    url = urllib.parse.urlparse(base)
    connection = http.client.HTTPConnection(url.hostname, url.port)
    started = time.perf_counter()
    connection.request("POST", "/apis/listenbrainz/1/submit-listens", body=json.dumps(body),
                       headers={"Authorization": f"Token {token}"})
    answer = connection.getresponse()
    answer.read()
    connection.close()
    if answer.status != 200:
        sys.exit(f"submit-listens answered {answer.status}")
    return (time.perf_counter() - started) * 1000


def listen(at, artist, album, track):
    return {"listened_at": at, "track_metadata": {"artist_name": artist, "release_name": album, "track_name": track}}


def main():
    base, data = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(f"file:{data}/halfstar.db?mode=ro", uri=True)
    albums = db.execute(
        """SELECT ar.name, a.title FROM albums a JOIN artists ar ON ar.id = a.artist_id
           WHERE a.rating_count > 0 ORDER BY a.rating_count, a.id LIMIT 200"""
    ).fetchall()
    db.close()
    now = int(time.time())
    jobs = []
    for round_ in range(ROUNDS):
        for member in range(1, MEMBERS + 1):
            artist, title = albums[(member + round_) % len(albums)]
            body = {"listen_type": "single", "payload": [listen(now - round_ * 300 - member, artist, title, f"Track {round_}")]}
            jobs.append((f"synthetic-player-{member}", body))
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        times = sorted(pool.map(lambda job: send(base, *job), jobs))
    p99 = times[int(len(times) * 0.99) - 1]
    print(f"{len(times)} single plays, 8 at a time: median {statistics.median(times):.2f} ms, p99 {p99:.2f} ms")
    batch = [listen(now - 100_000 - n, *albums[n % len(albums)], f"Track {n}") for n in range(1000)]
    took = send(base, f"synthetic-player-{MEMBERS + 1}", {"listen_type": "import", "payload": batch})
    print(f"one import of 1,000 plays: {took:.0f} ms")


if __name__ == "__main__":
    main()
