"""A real SMTP server for halfstar's mail tests (aiosmtpd).

It writes each mail it accepts to a Maildir, or refuses as told, and prints
"listening on 127.0.0.1:PORT" once it takes connections. It stops when its
standard input closes or at SIGTERM.

  smtp_server.py --maildir DIR [--port N] [--refuse "550 5.1.1 No such user"]
                 [--busy] [--tls-cert CERT --tls-key KEY]

--refuse answers every recipient with that reply; --busy answers the mail
451 (try again later); --tls-cert and --tls-key offer STARTTLS and require it.
"""

import argparse
import os
import signal
import socket
import ssl
import sys
import threading

from aiosmtpd.controller import Controller
from aiosmtpd.handlers import Mailbox


class Refusing:
    def __init__(self, reply):
        self.reply = reply

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        return self.reply


class Busy:
    async def handle_DATA(self, server, session, envelope):
        return "451 4.3.0 Try again later"


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--maildir", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--refuse")
    parser.add_argument("--busy", action="store_true")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    args = parser.parse_args()

    if args.refuse:
        handler = Refusing(args.refuse)
    elif args.busy:
        handler = Busy()
    else:
        # A Maildir's three folders; Python's mailbox makes them only when the
        # folder itself is new.
        for part in ("tmp", "new", "cur"):
            os.makedirs(os.path.join(args.maildir, part), exist_ok=True)
        handler = Mailbox(args.maildir)
    tls = None
    if args.tls_cert:
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(args.tls_cert, args.tls_key)
    port = args.port or free_port()
    controller = Controller(
        handler,
        hostname="127.0.0.1",
        port=port,
        tls_context=tls,
        require_starttls=tls is not None,
    )
    controller.start()
    print(f"listening on 127.0.0.1:{port}", flush=True)

    done = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: done.set())
    threading.Thread(target=lambda: (sys.stdin.read(), done.set()), daemon=True).start()
    done.wait()
    controller.stop()


if __name__ == "__main__":
    main()
