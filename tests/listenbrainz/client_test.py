"""halfstar's ListenBrainz-compatible API, driven by liblistenbrainz (the
client ListenBrainz publishes) against the release binary serving the demo.

    HALFSTAR_BASE=http://127.0.0.1:PORT python -m unittest client_test
"""

import json
import os
import time
import unittest
import urllib.request

import liblistenbrainz
from liblistenbrainz import errors

BASE = os.environ["HALFSTAR_BASE"]


def api(method, path, session=None, body=None):
    request = urllib.request.Request(BASE + path, method=method)
    if session:
        request.add_header("Authorization", "Bearer " + session)
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(request, data) as answer:
        text = answer.read()
        return json.loads(text) if text else None


def log_in(username):
    body = {"username": username, "password": "halfstar-demo"}
    return api("POST", "/api/auth/login", body=body)["token"]


def listen(artist, album, track, listened_at=None):
    return liblistenbrainz.Listen(
        track_name=track,
        artist_name=artist,
        release_name=album,
        listened_at=listened_at,
        listening_from="halfstar-test",
    )


class PlayerClient(unittest.TestCase):
    def setUp(self):
        self.session = log_in("halfstar-hugo")
        self.token = api("POST", "/api/settings/player-token", self.session)["token"]
        self.client = liblistenbrainz.ListenBrainz(api_base_url=BASE)

    def queue(self):
        answer = api("GET", "/api/user/me/listened?limit=100", self.session)
        return {entry["album"]["title"]: entry["plays"] for entry in answer["albums"]}

    def test_the_token_is_checked_and_a_wrong_one_refused(self):
        self.client.set_auth_token(self.token)
        with self.assertRaises(errors.InvalidAuthTokenException):
            self.client.set_auth_token("00000000-0000-4000-8000-000000000000")
        # Unchecked, a wrong token gets ListenBrainz's 401 and its message.
        self.client.set_auth_token("not-a-token", check_validity=False)
        with self.assertRaises(errors.ListenBrainzAPIException) as refused:
            self.client.submit_single_listen(listen("Radiohead", "Kid A", "Kid A", 1700000000))
        self.assertEqual(refused.exception.status_code, 401)
        self.assertIn("Invalid player token", refused.exception.message)

    def test_single_playing_now_and_batch_plays_reach_the_queue(self):
        self.client.set_auth_token(self.token)
        before = self.queue().get("My Iron Lung", 0)
        now = int(time.time())
        self.assertEqual(
            self.client.submit_playing_now(listen("Radiohead", "My Iron Lung", "My Iron Lung")),
            {"status": "ok"},
        )
        self.client.submit_single_listen(listen("Radiohead", "My Iron Lung", "My Iron Lung", now - 600))
        batch = [
            listen("Radiohead", "My Iron Lung", "The Trickster", now - 400),
            listen("Radiohead", "My Iron Lung", "Lewis (Mistreated)", now - 200),
            listen("Nobody Known", "An Album Not Here", "Track One", now - 100),
        ]
        self.assertEqual(self.client.submit_multiple_listens(batch), {"status": "ok"})
        self.assertEqual(self.queue().get("My Iron Lung", 0), before + 3)
        missing = api("GET", "/api/user/me/player-listens/unmatched", self.session)
        self.assertIn(
            ("Nobody Known", "An Album Not Here", 1),
            [(m["artist"], m["album"], m["plays"]) for m in missing["albums"]],
        )

    def test_the_members_plays_are_read_back_newest_first(self):
        self.client.set_auth_token(self.token)
        # A day back, before the plays the other tests send.
        base = int(time.time()) - 86400
        sent = [listen("Radiohead", "Pablo Honey", track, base + n * 60)
                for n, track in enumerate(["You", "Creep", "How Do You?"])]
        self.client.submit_multiple_listens(sent)
        latest = self.client.get_listens("halfstar-hugo", max_ts=base + 121, count=2)
        self.assertEqual([l.track_name for l in latest], ["How Do You?", "Creep"])
        self.assertEqual(latest[0].release_name, "Pablo Honey")
        self.assertEqual(latest[0].listened_at, base + 120)
        first = self.client.get_listens("halfstar-hugo", min_ts=base - 1, count=1)
        self.assertEqual([l.track_name for l in first], ["You"])
        with self.assertRaises(errors.ListenBrainzAPIException) as refused:
            self.client.get_listens("mira99")
        self.assertEqual(refused.exception.status_code, 403)

    def test_a_bad_play_is_refused_with_its_reason(self):
        self.client.set_auth_token(self.token)
        with self.assertRaises(errors.ListenBrainzAPIException) as refused:
            self.client.submit_single_listen(listen("Radiohead", "Kid A", "Kid A", 5))
        self.assertEqual(refused.exception.status_code, 400)
        self.assertIn("listened_at 5 is outside", refused.exception.message)


if __name__ == "__main__":
    unittest.main()
