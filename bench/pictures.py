#!/usr/bin/env python3
"""Gives the dataset's albums pictures the site fetched and keeps, so the
benchmark can serve them: a picture host on 127.0.0.1 serves 24 generated
600x600 PNG covers, the 2,000 most rated albums get one of them as their
picture address, and
`halfstar media fetch` fetches and sizes them all (once: a dataset whose
pictures are kept already is left as it is). Writes the tile addresses
(/media/KEY/320.webp), one a line, most rated album first.

    bench/pictures.py BINARY DATA_DIR OUT_FILE
"""
import base64
import http.server
import sqlite3
import struct
import subprocess
import sys
import threading
import zlib

binary, data_dir, out_file = sys.argv[1:4]
PORT = 18779
database = f"{data_dir}/halfstar.db"


def png(seed, side=600):
    rows = bytearray()
    for y in range(side):
        rows.append(0)
        for x in range(side):
            rows += bytes(((x * seed + y) % 256, (y * 3 + seed * 40) % 256, (x + y * seed) % 256))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(rows), 6)) + chunk(b"IEND", b""))


covers = {f"/cover-{n}.png": png(n + 1) for n in range(24)}


class Covers(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        # /cover-5-1234.png is cover 5 (1234 makes each album's address its own).
        body = covers.get(self.path.rsplit("-", 1)[0] + ".png")
        if body is None:
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


# A dataset made by an older halfstar has no picture store yet.
subprocess.run([binary, "--data-dir", data_dir, "migrate"], check=True, stdout=sys.stderr)
db = sqlite3.connect(database)
ready = db.execute("SELECT count(*) FROM pictures WHERE status = 'ready'").fetchone()[0]
if ready == 0:
    # The 2,000 most rated albums (all of the small dataset), each its own
    # address, 24 pictures in all; more would only lengthen the fetching.
    db.execute(f"""UPDATE albums SET picture_url = 'http://127.0.0.1:{PORT}/cover-' || (id % 24) || '-' || id || '.png'
                   WHERE id IN (SELECT id FROM albums ORDER BY rating_count DESC, id LIMIT 2000)""")
    db.commit()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), Covers)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    subprocess.run([binary, "--data-dir", data_dir, "media", "fetch", "--pictures-from-private-addresses",
                    "--pictures-in-flight", "8"], check=True, stdout=sys.stderr)
    server.shutdown()
rows = db.execute("""SELECT a.picture_url FROM albums a JOIN pictures p ON p.url = a.picture_url
                     WHERE p.status = 'ready' ORDER BY a.rating_count DESC, a.id""").fetchall()
with open(out_file, "w") as out:
    for (url,) in rows:
        key = base64.urlsafe_b64encode(url.encode()).decode().rstrip("=")
        out.write(f"/media/{key}/320.webp\n")
print(f"{len(rows)} album pictures kept", file=sys.stderr)
