#!/usr/bin/env python3
"""Every GET of the API description, timed for a signed-in member.

For each GET operation of /api/openapi.json the release binary is started
fresh on the synthetic community, the member's session is touched once (its
hourly write), the server's start-up work is let finish (its log says
when), and the call is timed the first time and then warm (median of
WARM calls), over one kept-alive connection. Path parameters get realistic
values picked from the database (a long-tail album, its artist, a member
with ratings, a public list, a review, a post); admin operations are asked
by an admin. A new endpoint is in the table by itself; one this script
cannot fill stops it with a message.

    bench/cold-costs.py BIN DATA_DIR            prints a Markdown table
    bench/cold-costs.py BIN DATA_DIR /api/feed  only the paths containing it
"""
import http.client
import json
import sqlite3
import statistics
import subprocess
import sys
import threading
import time

PORT = 18779
WARM = 25
# Over these a call misses the target (issue 36): first call and warm median, ms.
COLD_TARGET_MS = 5.0
WARM_TARGET_MS = 1.0
# What a server does as it starts (the orders it computes ahead of
# readers) is done before the first call is timed: its log says when.
WARM_LINES = ("computed the orders of", "read the chart figures of")
WARM_TIMEOUT_SECONDS = 300
MEMBER_ID = 7
ADMIN_ID = 9
# Operations that ask MusicBrainz for a catalogue addition: not a read of our own data.
NOT_OURS = {"/api/import/albums", "/api/import/artist"}


def one(db, sql, *args):
    row = db.execute(sql, args).fetchone()
    if row is None:
        sys.exit(f"the dataset has nothing for: {sql}")
    return row


def parameters(db):
    """Realistic values for every path and query parameter of the description."""
    member = one(db, "SELECT username FROM users WHERE id = ?", MEMBER_ID)[0]
    # Another member with a middling number of ratings: a profile someone opens.
    other_id, other = one(
        db,
        """SELECT u.id, u.username FROM users u WHERE u.id <> ?
           ORDER BY (SELECT count(*) FROM ratings r WHERE r.user_id = u.id) DESC
           LIMIT 1 OFFSET (SELECT count(*) / 2 FROM users)""",
        MEMBER_ID,
    )
    # The long tail: the album with the median number of ratings among rated ones.
    album_id, album_slug, artist_id, artist_slug = one(
        db,
        """SELECT a.id, a.slug, ar.id, ar.slug FROM albums a JOIN artists ar ON ar.id = a.artist_id
           WHERE a.rating_count > 0 ORDER BY a.rating_count, a.id
           LIMIT 1 OFFSET (SELECT count(*) / 2 FROM albums WHERE rating_count > 0)""",
    )
    review_id, review_album = one(
        db,
        """SELECT r.id, a.slug FROM reviews r JOIN albums a ON a.id = r.album_id
           WHERE r.hidden_at IS NULL ORDER BY r.id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM reviews)""",
    )
    post_id = one(db, "SELECT id FROM posts WHERE hidden_at IS NULL ORDER BY id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM posts)")[0]
    list_id = one(
        db,
        """SELECT id FROM lists WHERE visibility = 'public' AND hidden_at IS NULL AND entry_count > 0
           ORDER BY like_count, id LIMIT 1 OFFSET (SELECT count(*) / 2 FROM lists WHERE visibility = 'public')""",
    )[0]
    genre = one(db, "SELECT slug FROM genres ORDER BY (SELECT count(*) FROM album_genres g WHERE g.genre_id = genres.id) DESC LIMIT 1")[0]
    descriptor = one(db, "SELECT descriptor FROM album_descriptors GROUP BY descriptor ORDER BY count(*) DESC LIMIT 1")[0]
    imported = db.execute("SELECT id FROM rating_imports WHERE user_id = ? ORDER BY id DESC LIMIT 1", (MEMBER_ID,)).fetchone() if has_table(db, "rating_imports") else None
    return {
        "artist_name": artist_slug,
        "artist": artist_slug,
        "title": album_slug,
        "album_title": review_album,
        "review_id": review_id,
        "year": {
            "/api/user/username/{username}/year/{year}": time.gmtime().tm_year,
            "/api/user/username/{username}/year/{year}/image.svg": time.gmtime().tm_year,
            "/api/year/{year}/community": time.gmtime().tm_year,
            "": 1997,
        },
        "genre": genre,
        "name": artist_slug,
        # A member who rated tracks (the signed-in ones did) for their top tracks.
        # The member of the player token the script sends (member MEMBER_ID's).
        "user_name": {
            "/apis/listenbrainz/1/user/{user_name}/listens": f"member{MEMBER_ID}",
        },
        "username": {
            "/api/user/username/{username}/top-tracks": "member1",
            # Signed-in members keep diaries: a year of one of them.
            "/api/user/username/{username}/diary": "member1",
            "/api/user/username/{username}/years": "member1",
            "/api/user/username/{username}/year/{year}": "member1",
            "/api/user/username/{username}/year/{year}/image.svg": "member1",
            "": other,
        },
        "user_id": other_id,
        "album_id": album_id,
        "list_id": list_id,
        "post_id": post_id,
        "import_id": imported[0] if imported else 1,
        "q": "vel",
        "limit": 20,
        "page": 1,
        # Ids by the path they are in.
        "id": {
            "/api/album/{id}/history": album_id,
            "/api/album/{id}/tracks": album_id,
            "/api/album/{id}/my-listens": album_id,
            "/api/album/{id}/genre-votes": album_id,
            "/api/album/{id}/descriptors": album_id,
            "/api/album/{id}/similar": album_id,
            "/api/artist/{id}/follow": artist_id,
            "/api/artist/{id}/history": artist_id,
            "/api/comment/album/{id}": album_id,
            "/api/comment/list/{id}": list_id,
            "/api/comment/post/{id}": post_id,
            "/api/comment/review/{id}": review_id,
            "/api/reviewvote/post/{id}": post_id,
            "/api/reviewvote/review/{id}": review_id,
        },
        "member": member,
        # The calendar link the synthetic community made for member MEMBER_ID.
        "token": f"synthetic-calendar-{MEMBER_ID}",
        # The descriptor most albums have.
        "slug": descriptor,
    }


def shapes(db):
    """Shaped charts worth timing besides the default (every album, weighted):
    the widest filters and sorts, and the narrowest."""
    top, second = [row[0] for row in db.execute(
        "SELECT g.slug FROM genres g ORDER BY (SELECT count(*) FROM album_genres a WHERE a.genre_id = g.id) DESC LIMIT 2")]
    descriptor = one(db, "SELECT descriptor FROM album_descriptors GROUP BY descriptor ORDER BY count(*) DESC LIMIT 1")[0]
    return [
        f"from=1990&to=1999&genres={top}&without={second}&order=most-divisive",
        f"genres={top},{second}&order=average&minRatings=10&page=40",
        f"descriptors={descriptor}&order=most-listened",
        "type=EP&order=most-rated&from=2000",
    ]


def staff_only(path):
    """Operations only editors or admins may ask."""
    catalogue_history = path.endswith("/history") and not path.startswith("/api/list/")
    return path.startswith(("/api/admin", "/api/change-requests")) or catalogue_history


def has_table(db, name):
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone() is not None


def url_for(path, operation, values):
    url = path
    query = []
    for parameter in operation.get("parameters", []):
        name, where = parameter["name"], parameter["in"]
        value = values.get(name)
        if isinstance(value, dict):
            value = value.get(path, value.get(""))
        if where == "path":
            if value is None:
                sys.exit(f"no value for the path parameter {name} of {path}: add one to bench/cold-costs.py")
            url = url.replace("{" + name + "}", str(value))
        elif value is not None and name in ("limit", "page", "q") and (name != "q" or "search" in path or "members" in path):
            query.append(f"{name}={value}")
    return url + ("?" + "&".join(query) if query else "")


class Server:
    def __init__(self, binary, data):
        self.process = subprocess.Popen(
            [binary, "--data-dir", data, "serve", "--new-releases", "false", "--listen", f"127.0.0.1:{PORT}"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.warm = threading.Event()
        self.said = set()
        threading.Thread(target=self.watch_log, daemon=True).start()
        for _ in range(500):
            try:
                self.connection = http.client.HTTPConnection("127.0.0.1", PORT)
                self.get("/api/health", None)
                return
            except (ConnectionRefusedError, http.client.RemoteDisconnected):
                time.sleep(0.01)
        sys.exit("the server did not start")

    def watch_log(self):
        for line in self.process.stderr:
            self.said.update(warm for warm in WARM_LINES if warm in line)
            if len(self.said) == len(WARM_LINES):
                self.warm.set()

    def get(self, url, token):
        # The music players' API takes the member's player token (made by the synthetic community).
        scheme, token = ("Token", f"synthetic-player-{token[len('synthetic-'):]}") if url.startswith("/apis/") and token else ("Bearer", token)
        headers = {"Authorization": f"{scheme} {token}"} if token else {}
        started = time.perf_counter()
        self.connection.request("GET", url, headers=headers)
        answer = self.connection.getresponse()
        answer.read()
        return answer.status, (time.perf_counter() - started) * 1000

    def reconnect(self):
        # The server closes a connection idle through its start-up work:
        # a fresh one, opened before the clock starts.
        self.connection.close()
        self.connection = http.client.HTTPConnection("127.0.0.1", PORT)
        self.connection.connect()

    def stop(self):
        self.connection.close()
        self.process.terminate()
        self.process.wait()


def timed(binary, data, path, url):
    """The call's first and warm times, on a server started for it alone."""
    token = f"synthetic-{ADMIN_ID if staff_only(path) else MEMBER_ID}"
    server = Server(binary, data)
    server.get("/api/auth/me", token)  # the session's hourly touch is a write: made before the timing
    if not server.warm.wait(WARM_TIMEOUT_SECONDS):
        sys.exit("the server did not say it had computed its orders and read the chart figures")
    server.reconnect()
    status, first = server.get(url, token)
    warm = statistics.median(server.get(url, token)[1] for _ in range(WARM))
    server.stop()
    return url, status, first, warm


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, data = sys.argv[1], sys.argv[2]
    only = sys.argv[3] if len(sys.argv) > 3 else ""
    db = sqlite3.connect(f"file:{data}/halfstar.db?mode=ro", uri=True)
    values = parameters(db)
    genre = one(db, "SELECT slug FROM genres ORDER BY id LIMIT 1")[0]
    extra = {
        "/api/charts/shaped": shapes(db),
        "/api/new-releases": ["when=upcoming", "followed=true", f"genre={genre}", "when=upcoming&wishlist=true"],
    }
    admin = one(db, "SELECT username FROM users WHERE id = ?", ADMIN_ID)[0]
    db.close()
    subprocess.run([binary, "--data-dir", data, "user", "promote", "--role", "admin", admin], check=True, stdout=subprocess.DEVNULL)

    server = Server(binary, data)
    server.connection.request("GET", "/api/openapi.json")
    description = json.loads(server.connection.getresponse().read())
    server.stop()

    rows = []
    for path, operations in sorted(description["paths"].items()):
        operation = operations.get("get")
        if operation is None or path in NOT_OURS or only not in path:
            continue
        base = url_for(path, operation, values)
        for url in [base] + [f"{path}?{query}" for query in extra.get(path, [])]:
            rows.append(timed(binary, data, path, url))

    print("| call (signed in) | status | first ms | warm ms | within 5 ms / 1 ms |")
    print("|---|---:|---:|---:|:---:|")
    for url, status, first, warm in rows:
        within = "yes" if first <= COLD_TARGET_MS and warm <= WARM_TARGET_MS else "**no**"
        print(f"| `{url}` | {status} | {first:.2f} | {warm:.2f} | {within} |")
    missed = sum(1 for _, _, first, warm in rows if first > COLD_TARGET_MS or warm > WARM_TARGET_MS)
    print(f"\n{len(rows)} GET operations; {missed} over 5 ms first or 1 ms warm.")


if __name__ == "__main__":
    main()
