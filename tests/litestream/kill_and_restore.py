"""halfstar under Litestream loses no acknowledged write when the machine is lost.

Run by scripts/test-litestream. halfstar serves the demo as a child of
`litestream replicate -exec`, as the systemd drop-in
assets/halfstar.service.d/litestream.conf runs it, with deploy/litestream.yml
replicating to a file replica. Members' shouts are written through the API
and each acknowledged one is noted with its time.

1. A graceful stop and start: halfstar must stop at once (a closing
   checkpoint racing Litestream would hold the write lock for the busy
   timeout), and Litestream must carry on from where it stopped.
2. Writes go on from several clients until halfstar and Litestream are both
   killed with SIGKILL, mid-write. The data directory is deleted.
3. The drop-in's own `litestream restore` (its ExecStartPre) rebuilds the
   database from the replica, and leaves it alone when run again,
   `halfstar check` passes on it, and a server started on it answers every
   shout acknowledged more than the allowed lag before the kill.
4. The restored machine replicates on to the same replica; it is lost in its
   turn, and a second restore holds every shout written on it.

The figures printed (acknowledged, lost, the window of lost writes) are the
replication lag measured.
"""

import argparse
import json
import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

PASSWORD = "halfstar-demo"
AUTHOR = "vinylvera"
RECIPIENT = "mira99"
MANY = "1000000"
# Every process started, with a word of its command line, so that a failure
# leaves none running and no other process is signalled.
STARTED = []
DROP_IN = os.path.join(os.path.dirname(__file__), "../../assets/halfstar.service.d/litestream.conf")


def end_started():
    for pid, word in STARTED:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                if word.encode() not in cmdline.read():
                    continue
            os.kill(pid, signal.SIGKILL)
        except (OSError, ProcessLookupError):
            pass


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, method, path, body=None, token=None, timeout=10):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return answer.status, json.load(answer)


def wait_for_health(base, process, seconds=30):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False
        try:
            status, _ = call(base, "GET", "/api/health", timeout=2)
            if status == 200:
                return True
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        time.sleep(0.1)
    return False


def children_of(pid):
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


class Replication:
    """`litestream replicate -exec "halfstar serve"` and its logs."""

    def __init__(self, args, env, logs, round_name):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        serve = f"{shlex.quote(args.halfstar)} serve --listen 127.0.0.1:{self.port}"
        self.out = open(os.path.join(logs, f"{round_name}.out"), "w")
        self.err = open(os.path.join(logs, f"{round_name}.err"), "w")
        self.process = subprocess.Popen(
            [args.litestream, "replicate", "-config", args.config, "-exec", serve],
            env=env, stdout=self.out, stderr=self.err,
        )
        STARTED.append((self.process.pid, "replicate"))
        if not wait_for_health(self.base, self.process):
            self.kill()
            fail(f"halfstar under Litestream did not start; see {logs}/{round_name}.*")
        self.halfstar = children_of(self.process.pid)
        STARTED.extend((pid, f"127.0.0.1:{self.port}") for pid in self.halfstar)
        if len(self.halfstar) != 1:
            fail(f"expected one halfstar under Litestream, found {self.halfstar}")

    def stop(self):
        """SIGTERM to Litestream, which passes it on and waits for halfstar."""
        started = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.kill()
            fail("Litestream and halfstar did not stop within 30 s of SIGTERM")
        return time.monotonic() - started

    def kill(self):
        """The machine is lost: both die at once, whatever they were doing."""
        for pid in [self.process.pid] + getattr(self, "halfstar", []):
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()
        for pid in getattr(self, "halfstar", []):
            # Not our child: wait until it is gone.
            while os.path.exists(f"/proc/{pid}") and not zombie(pid):
                time.sleep(0.01)


def zombie(pid):
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


class Writers:
    """Clients posting shouts; each acknowledged one is noted with its time."""

    def __init__(self, base, token, clients, prefix):
        self.base, self.token, self.prefix = base, token, prefix
        self.acknowledged = {}  # text -> monotonic time of the answer
        self.failed = 0
        self.lock = threading.Lock()
        self.running = True
        self.threads = [threading.Thread(target=self.write, args=(n,), daemon=True)
                        for n in range(clients)]
        for thread in self.threads:
            thread.start()

    def write(self, client):
        n = 0
        while self.running:
            n += 1
            text = f"{self.prefix} {client}-{n}"
            try:
                status, _ = call(self.base, "POST", "/api/shout",
                                 {"shoutText": text, "recipientUsername": RECIPIENT},
                                 self.token, timeout=5)
                answered = time.monotonic()
            except (urllib.error.URLError, ConnectionError, OSError):
                with self.lock:
                    self.failed += 1
                if not self.running:
                    return
                time.sleep(0.05)
                continue
            if status == 201:
                with self.lock:
                    self.acknowledged[text] = answered

    def stop(self):
        self.running = False
        for thread in self.threads:
            thread.join(timeout=10)


def sign_in(base):
    _, answer = call(base, "POST", "/api/auth/login", {"username": AUTHOR, "password": PASSWORD})
    return answer["token"]


def shouts_answered(base):
    texts, page = set(), 1
    while True:
        _, shouts = call(base, "GET", f"/api/shout/user/{RECIPIENT}?limit=200&page={page}")
        texts.update(shout["shoutText"] for shout in shouts)
        if len(shouts) < 200:
            return texts
        page += 1


def problems_in(path):
    """Errors, and whole snapshots Litestream took because another process
    checkpointed the log. Its first sync after starting is left out: the log
    it left folded when it stopped is started over by the first write, which
    it cannot tell from another process's doing, so it takes a snapshot."""
    troubles, resumed = [], False
    with open(path, errors="replace") as log:
        for line in log:
            if any(word in line for word in ("level=ERROR", "checkpoint failed", " ERROR ")):
                troubles.append(line.rstrip())
            if "msg=sync " in line:
                if resumed and "reason=" in line and "boundary" not in line:
                    troubles.append(line.rstrip())
                resumed = True
    return troubles


def shipped_restore(args, data):
    """The ExecStartPre of assets/halfstar.service.d/litestream.conf, with
    this test's binary, configuration and data directory."""
    with open(DROP_IN) as drop_in:
        lines = [line.strip() for line in drop_in if line.startswith("ExecStartPre=")]
    if len(lines) != 1:
        fail(f"{DROP_IN} has {len(lines)} ExecStartPre lines, not one")
    command = shlex.split(lines[0].removeprefix("ExecStartPre="))
    if command[:2] != ["litestream", "restore"]:
        fail(f"{DROP_IN} restores with {command}")
    command[0] = args.litestream
    command = [args.config if word == "/etc/litestream.yml" else word for word in command]
    return [word.replace("/var/lib/halfstar", data) for word in command]


def restore_and_read(args, env, data, logs, name):
    """The machine is lost: restore on a new one with the command the systemd
    drop-in runs before halfstar starts, check the database, and read back
    the shouts a server on it answers."""
    restore = shipped_restore(args, data)
    database = os.path.join(data, "halfstar.db")
    started = time.monotonic()
    subprocess.run(restore, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if not os.path.exists(database):
        fail(f"the drop-in's restore brought nothing back: {shlex.join(restore)}")
    print(f"restored {os.path.getsize(database) / 1e6:.1f} MB "
          f"in {time.monotonic() - started:.2f} s: {shlex.join(restore[1:])}")
    # Run again (a restart), it leaves the database there alone.
    before = os.stat(database).st_mtime_ns
    subprocess.run(restore, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if os.stat(database).st_mtime_ns != before:
        fail("the drop-in's restore replaced a database that was there")
    check = subprocess.run([args.halfstar, "--data-dir", data, "check"],
                           env=env, capture_output=True, text=True)
    if check.returncode != 0:
        fail(f"halfstar check on the restored database:\n{check.stdout}{check.stderr}")

    port = free_port()
    with open(os.path.join(logs, f"{name}.err"), "w") as err:
        server = subprocess.Popen(
            [args.halfstar, "--data-dir", data, "serve", "--listen", f"127.0.0.1:{port}"],
            env=env, stdout=subprocess.DEVNULL, stderr=err)
        STARTED.append((server.pid, f"127.0.0.1:{port}"))
        try:
            base = f"http://127.0.0.1:{port}"
            if not wait_for_health(base, server):
                fail("halfstar did not serve the restored database")
            return shouts_answered(base)
        finally:
            server.terminate()
            server.wait(timeout=30)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--halfstar", required=True)
    parser.add_argument("--litestream", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--seconds", type=float, default=20, help="writing before the kill")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--lag", type=float, default=3,
                        help="seconds before the kill within which acknowledged writes may be lost")
    parser.add_argument("--checkpoints", default="litestream", help="HALFSTAR_CHECKPOINTS")
    parser.add_argument("--stop-limit", type=float, default=3,
                        help="seconds a graceful stop may take")
    parser.add_argument("--wait", type=float, default=0,
                        help="seconds to stop writing before the kill (0: write through it)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = parser.parse_args()
    args.halfstar = os.path.abspath(args.halfstar)

    top = tempfile.mkdtemp(prefix="halfstar-litestream-")
    data, replica = (os.path.join(top, name) for name in ("data", "replica"))
    logs = os.path.join(top, "logs")
    os.makedirs(logs)
    nowhere = "http://127.0.0.1:9"
    env = dict(
        os.environ,
        HALFSTAR_DATA_DIR=data,
        LITESTREAM_REPLICA_URL=f"file://{replica}",
        HALFSTAR_CHECKPOINTS=args.checkpoints,
        HALFSTAR_FETCH_PICTURES="false",
        HALFSTAR_MUSICBRAINZ_URL=nowhere, HALFSTAR_COVERART_URL=nowhere,
        HALFSTAR_LASTFM_URL=nowhere, HALFSTAR_DISCOGS_URL=nowhere,
        HALFSTAR_SHOUTS_PER_MINUTE=MANY,
        # Litestream says why it takes a whole snapshot only at debug level.
        LOG_LEVEL="debug",
    )
    try:
        subprocess.run([args.halfstar, "demo"], env=env, check=True, stdout=subprocess.DEVNULL)

        # Round 1: write, stop gracefully, start again.
        first = Replication(args, env, logs, "round1")
        writers = Writers(first.base, sign_in(first.base), args.clients, "before restart")
        time.sleep(3)
        writers.stop()
        stopping = first.stop()
        print(f"round 1: {len(writers.acknowledged)} shouts; halfstar and Litestream "
              f"stopped in {stopping:.2f} s")
        if stopping > args.stop_limit:
            fail(f"stopping took {stopping:.1f} s: halfstar's closing checkpoint waited on "
                 "Litestream's read transaction (is HALFSTAR_CHECKPOINTS=litestream honoured?)")
        before_restart = writers.acknowledged

        # Round 2: write until both are killed.
        second = Replication(args, env, logs, "round2")
        writers = Writers(second.base, sign_in(second.base), args.clients, "before kill")
        time.sleep(args.seconds)
        if args.wait:
            writers.running = False
            time.sleep(args.wait)
        killed = time.monotonic()
        second.kill()
        writers.stop()
        acknowledged = dict(before_restart, **writers.acknowledged)
        shutil.rmtree(data)
        print(f"round 2: {len(writers.acknowledged)} shouts acknowledged in {args.seconds:.0f} s "
              f"from {args.clients} clients; killed both, deleted {data}")

        present = restore_and_read(args, env, data, logs, "restored")
        # Acknowledged writes missing after the restore, by seconds before the kill.
        lost = {text: killed - at for text, at in acknowledged.items() if text not in present}
        window = max(lost.values()) if lost else 0.0
        print(f"after restore: {len(acknowledged) - len(lost)} of {len(acknowledged)} "
              f"acknowledged shouts present; {len(lost)} lost, all acknowledged within "
              f"{window:.2f} s of the kill")
        too_old = sorted(age for age in lost.values() if age > args.lag)
        if too_old:
            fail(f"{len(too_old)} shouts acknowledged more than {args.lag} s before the kill "
                 f"are missing (up to {too_old[-1]:.1f} s before it)")
        if not present & set(writers.acknowledged):
            fail("none of the writes of round 2 was restored")

        # Round 3: the new machine carries on replicating to the same replica
        # from the restored database, and is lost in its turn.
        third = Replication(args, env, logs, "round3")
        writers = Writers(third.base, sign_in(third.base), args.clients, "after restore")
        time.sleep(args.lag + 2)
        writers.running = False
        time.sleep(args.lag)
        third.kill()
        writers.stop()
        shutil.rmtree(data)
        present = restore_and_read(args, env, data, logs, "restored-again")
        missing = set(writers.acknowledged) - present
        print(f"round 3: replicating from the restored database, {len(writers.acknowledged)} "
              f"shouts, then lost and restored again: {len(missing)} missing")
        if not writers.acknowledged or missing:
            fail(f"{len(missing)} of {len(writers.acknowledged)} shouts written after the "
                 f"restore, {args.lag:g} s before the kill, are missing from the second restore")

        # Neither halfstar nor Litestream reported trouble with the log.
        for name in ("round1", "round2", "round3"):
            for stream in ("out", "err"):
                path = os.path.join(logs, f"{name}.{stream}")
                troubles = problems_in(path)
                if troubles:
                    fail(f"{path}:\n" + "\n".join(troubles[:10]))
        print("ok: no write acknowledged more than "
              f"{args.lag:g} s before the kill was lost, and neither logged a checkpoint error")
    finally:
        end_started()
        if args.keep:
            print(f"kept {top}")
        else:
            shutil.rmtree(top, ignore_errors=True)


if __name__ == "__main__":
    main()
