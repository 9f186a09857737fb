#!/usr/bin/env python3
"""Clients of umpire serve, for the tests, make stress and make bench.

  serve_clients.py slow URL --clients N --sources A,B,... --every S --seconds T
      N slow clients (spread over the source addresses, all loopback
      addresses 127.x.y.z) that each send a request line, then a header
      line every S seconds, never ending it; a connection closed is opened
      again half a second later.  Meanwhile a normal client (from
      127.0.0.1) asks URL every 0.2 s, each answer within --patience
      seconds.  Prints one JSON object: the slow connections opened, the
      most open at once, those held at the end (open a second at least),
      the longest a slow connection lasted, and the normal client's
      answers (asked, ok: 200 in time, worst ms).

  serve_clients.py crowd PAGE --streams N --pollers M --every S -- CMD...
      N clients on PAGE's events (each from 127.0.1.x) and M asking its
      sheet.json every S seconds (from 127.0.2.x), while CMD (a script
      that makes the rulings, one a line of its output as it goes) runs.
      Prints one JSON object: the rulings made (CMD's lines, and the lines
      themselves), the change events each stream saw (fewest, most), the
      streams still open, the pollers' answers (asked, not 200).

  serve_clients.py latency PAGE --runs N -- CMD...
      Runs CMD N times with a client on PAGE's events, each time the
      milliseconds from CMD's end (its commit is before) to the change
      event; the next run waits for the event.  Prints one JSON object:
      the runs' times, worst and median, and CMD's own.
"""
import json
import selectors
import socket
import subprocess
import sys
import threading
import time
import urllib.parse


def parse(argv):
    """Positional arguments, --name value options, and what follows --."""
    pos, opts, rest = [], {}, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--":
            rest = argv[i + 1:]
            break
        if a.startswith("--"):
            opts[a[2:]] = argv[i + 1]
            i += 2
            continue
        pos.append(a)
        i += 1
    return pos, opts, rest


def connect(host, port, source, timeout=5.0):
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.bind((source, 0))
    s.connect((host, port))
    return s


def get(url, source="127.0.0.1", timeout=5.0):
    """One GET on a connection of its own: (status, body), status 0 when
    no answer came in time."""
    u = urllib.parse.urlparse(url)
    try:
        s = connect(u.hostname, u.port, source, timeout)
        s.sendall(("GET %s HTTP/1.1\r\nHost: %s:%d\r\nConnection: close\r\n\r\n"
                   % (u.path, u.hostname, u.port)).encode())
        data = b""
        while True:
            b = s.recv(65536)
            if not b:
                break
            data += b
        s.close()
    except OSError:
        return 0, b""
    head, _, body = data.partition(b"\r\n\r\n")
    try:
        return int(head.split(b" ")[1]), body
    except (IndexError, ValueError):
        return 0, b""


class Stream:
    """A client of a view's events: counts the change events it reads."""

    def __init__(self, url, source):
        u = urllib.parse.urlparse(url)
        self.sock = connect(u.hostname, u.port, source)
        self.sock.sendall(("GET %sevents HTTP/1.1\r\nHost: %s:%d\r\n\r\n"
                           % (u.path, u.hostname, u.port)).encode())
        self.sock.setblocking(False)
        self.buf = b""
        self.changes = 0
        self.open = True

    def read(self):
        try:
            b = self.sock.recv(65536)
        except BlockingIOError:
            return
        except OSError:
            b = b""
        if not b:
            self.open = False
            return
        self.buf += b
        n = self.buf.count(b"event: change\n")
        if n:
            self.changes += n
            self.buf = self.buf[self.buf.rfind(b"event: change\n") + 14:]


def slow(pos, opts):
    u = urllib.parse.urlparse(pos[0])
    clients = int(opts.get("clients", "600"))
    sources = opts.get("sources", "127.0.0.2").split(",")
    every = float(opts.get("every", "5"))
    seconds = float(opts.get("seconds", "10"))
    patience = float(opts.get("patience", "2"))
    sel = selectors.DefaultSelector()
    conns = {}          # socket -> [opened at, next line at]
    waiting = []        # [when to open again, source]
    stats = {"opened": 0, "refused": 0, "held_most": 0, "longest_s": 0.0}
    normal = {"asked": 0, "ok": 0, "worst_ms": 0.0}
    end = time.monotonic() + seconds

    def open_one(source):
        try:
            s = connect(u.hostname, u.port, source, 2.0)
            s.sendall(b"GET " + u.path.encode() + b" HTTP/1.1\r\n")
            s.setblocking(False)
        except OSError:
            stats["refused"] += 1
            waiting.append([time.monotonic() + 0.5, source])
            return
        now = time.monotonic()
        conns[s] = [now, now + every, source]
        sel.register(s, selectors.EVENT_READ)
        stats["opened"] += 1

    def close_one(s):
        opened, _, source = conns.pop(s)
        sel.unregister(s)
        s.close()
        stats["longest_s"] = max(stats["longest_s"], time.monotonic() - opened)
        waiting.append([time.monotonic() + 0.5, source])

    def ask():
        while time.monotonic() < end:
            start = time.monotonic()
            code, _ = get(pos[0], "127.0.0.1", patience)
            took = (time.monotonic() - start) * 1000
            normal["asked"] += 1
            if code == 200 and took <= patience * 1000:
                normal["ok"] += 1
            normal["worst_ms"] = max(normal["worst_ms"], round(took, 1))
            time.sleep(0.2)

    for k in range(clients):
        open_one(sources[k % len(sources)])
    stats["held_most"] = len(conns)
    asker = threading.Thread(target=ask)
    asker.start()
    while time.monotonic() < end:
        for key, _ in sel.select(timeout=0.1):
            # its end, or any answer (a refusal): it is over
            try:
                key.fileobj.recv(4096)
            except OSError:
                pass
            close_one(key.fileobj)
        now = time.monotonic()
        for s, (opened, due, source) in list(conns.items()):
            if now >= due:
                try:
                    s.sendall(b"X-Slow: still here\r\n")
                    conns[s][1] = now + every
                except OSError:
                    close_one(s)
        for w in [w for w in waiting if w[0] <= now]:
            waiting.remove(w)
            open_one(w[1])
        stats["held_most"] = max(stats["held_most"], len(conns))
    asker.join()
    # held: open a second at least (one turned away is closed at once)
    stats["held_end"] = sum(time.monotonic() - c[0] >= 1 for c in conns.values())
    for s in list(conns):
        opened = conns[s][0]
        stats["longest_s"] = max(stats["longest_s"], time.monotonic() - opened)
        s.close()
    stats["longest_s"] = round(stats["longest_s"], 1)
    print(json.dumps({"slow": stats, "normal": normal}))


def crowd(pos, opts, cmd):
    page = pos[0]
    nstreams = int(opts.get("streams", "50"))
    npollers = int(opts.get("pollers", "50"))
    every = float(opts.get("every", "0.5"))
    streams = [Stream(page, "127.0.1.%d" % (1 + k % 250)) for k in range(nstreams)]
    sel = selectors.DefaultSelector()
    for st in streams:
        sel.register(st.sock, selectors.EVENT_READ, st)
    polled = {"asked": 0, "bad": 0}
    done = threading.Event()
    lock = threading.Lock()

    def poll(k):
        while not done.is_set():
            code, _ = get(page + "sheet.json", "127.0.2.%d" % (1 + k % 250))
            with lock:
                polled["asked"] += 1
                polled["bad"] += code != 200
            time.sleep(every)

    pollers = [threading.Thread(target=poll, args=(k,)) for k in range(npollers)]
    for p in pollers:
        p.start()
    time.sleep(1)               # every stream open, every poller asking
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE)
    finished = None
    while True:
        for key, _ in sel.select(timeout=0.05):
            key.data.read()
        if finished is None and proc.poll() is not None:
            finished = time.monotonic()
        if finished is not None and time.monotonic() - finished > 1:
            break
    output = proc.stdout.read().decode().splitlines()
    done.set()
    for p in pollers:
        p.join()
    seen = [st.changes for st in streams]
    print(json.dumps({"rulings": len(output), "output": output, "exit": proc.returncode,
                      "changes_fewest": min(seen), "changes_most": max(seen),
                      "streams_open": sum(st.open for st in streams),
                      "polls": polled["asked"], "polls_not_200": polled["bad"]}))


def latency(pos, opts, cmd):
    runs = int(opts.get("runs", "10"))
    times, own = [], []
    for _ in range(runs):
        st = Stream(pos[0], "127.0.0.1")
        st.sock.setblocking(True)
        st.sock.settimeout(10)
        while b"retry:" not in st.buf:
            st.buf += st.sock.recv(4096)
        st.sock.setblocking(False)
        start = time.monotonic()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
        ended = time.monotonic()
        own.append((ended - start) * 1000)
        seen = None
        sel = selectors.DefaultSelector()
        sel.register(st.sock, selectors.EVENT_READ)
        while seen is None and time.monotonic() - ended < 10:
            if sel.select(timeout=0.01):
                st.read()
                if st.changes:
                    seen = time.monotonic()
        times.append(round(((seen or time.monotonic()) - ended) * 1000, 1))
        st.sock.close()
    srt = sorted(times)
    print(json.dumps({"runs_ms": times, "worst_ms": srt[-1],
                      "median_ms": srt[len(srt) // 2],
                      "command_median_ms": round(sorted(own)[len(own) // 2], 1)}))


def main():
    pos, opts, rest = parse(sys.argv[2:])
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "slow":
        slow(pos, opts)
    elif mode == "crowd":
        crowd(pos, opts, rest)
    elif mode == "latency":
        latency(pos, opts, rest)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
