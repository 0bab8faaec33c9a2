#!/usr/bin/env python3
"""Times two imports through the running server, as a member does them in the
browser: a Rate Your Music export of 5,000 ratings and a Last.fm history of
100,000 scrobbles over 3,000 albums, each made from the dataset's own
catalogue (with some names misspelt and some albums the site lacks). Prints
one Markdown table: upload to ready (read and matched), and the confirmation
(one transaction).

    bench/imports.py BASE DATABASE TOKEN
"""
import csv
import io
import json
import random
import sqlite3
import sys
import time
import urllib.request

base, database, token = sys.argv[1:4]
rng = random.Random(24)
db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
albums = db.execute(
    "SELECT ar.name, a.title, a.release_year FROM albums a JOIN artists ar ON ar.id = a.artist_id"
).fetchall()


def misspelt(title):
    """Drops one letter: a near name, left uncertain for the member."""
    at = rng.randrange(len(title))
    return title[:at] + title[at + 1:] if len(title) > 4 else title


def rym_file(count):
    out = io.StringIO()
    out.write("RYM Album, First Name,Last Name,First Name localized, Last Name localized,"
              "Title,Release_Date,Rating,Ownership,Purchase Date,Media Type,Review\n")
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    for n, (artist, title, year) in enumerate(rng.sample(albums, min(count, len(albums)))):
        roll = rng.random()
        if roll < 0.05:
            title = misspelt(title)
        elif roll < 0.10:
            artist, title = f"Unknown Band {n}", f"Lost Tapes {n}"
        writer.writerow([n, "", artist, "", "", title, year, rng.randint(1, 10),
                         rng.choice("oonw"), "", "", ""])
    return out.getvalue().encode()


def lastfm_file(scrobbles, distinct):
    heard = rng.sample(albums, min(distinct, len(albums)))
    distinct = len(heard)
    weights = [1 / (rank + 1) for rank in range(distinct)]
    out = io.StringIO()
    out.write("uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid\n")
    writer = csv.writer(out, lineterminator="\n")
    start = 1_700_000_000
    for n, (artist, title, _) in enumerate(rng.choices(heard, weights, k=scrobbles)):
        writer.writerow([start - n * 180, "", artist, "", title, "", f"Track {n % 12 + 1}", ""])
    return out.getvalue().encode()


def call(method, path, body=None, content_type="application/json"):
    request = urllib.request.Request(base + path, data=body, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    if body is not None:
        request.add_header("Content-Type", content_type)
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def timed_import(name, data):
    started = time.monotonic()
    job = call("POST", f"/api/import/ratings?fileName={name}", data, "application/octet-stream")
    while job["status"] in ("reading", "matching"):
        time.sleep(0.02)
        job = call("GET", f"/api/import/ratings/{job['importId']}")
    ready = time.monotonic()
    if job["status"] != "ready":
        sys.exit(f"{name}: {job['status']} {job['message']}")
    done = call("POST", f"/api/import/ratings/{job['importId']}/confirm", b'{"fileWins": true}')
    written = time.monotonic()
    counts = job["counts"]
    return (f"| {name} | {len(data) // 1024} KB | {counts['rows']} albums: {counts['matched']} matched, "
            f"{counts['uncertain']} uncertain, {counts['missing']} missing | "
            f"{ready - started:.2f} s | {written - ready:.2f} s |"), done["result"]


print("| import | file | albums | upload to ready | confirm |")
print("|---|---:|---|---:|---:|")
for name, data in [("rym-5000-ratings.csv", rym_file(5000)),
                   ("lastfm-100000-scrobbles.csv", lastfm_file(100_000, 3000))]:
    line, _ = timed_import(name, data)
    print(line)
