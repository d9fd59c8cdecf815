#!/usr/bin/env python3
"""A network link between two TAP devices, impaired on command (tests/network, issue 33).

The browser's side and the server's side are each a TAP device this process creates; every
Ethernet frame one side sends is delivered to the other after the link's delay (with jitter, in
order), at its rate, unless the link loses it (independently, with the given probability) or is
down. What `tc netem` does on a veth pair, for a kernel without sch_netem (and without netfilter
tools), with nothing but Python's standard library.

    link.py BROWSER_TAP SERVER_TAP

Commands, one JSON object a line on stdin; each is answered with one JSON line on stdout:
    {"set": {"loss": 0.3, "delay_ms": 1000, "jitter_ms": 500, "rate_kbit": 0, "down": false}}
    {"stats": true}   -> frames and bytes in, delivered and lost, per direction
"""
import collections
import fcntl
import json
import os
import random
import select
import struct
import sys
import time

TUNSETIFF = 0x400454CA
IFF_TAP = 0x0002
IFF_NO_PI = 0x1000
# Frames a rate-limited link holds before it drops more (its buffer), in bytes.
QUEUE_LIMIT = 64 * 1024


def open_tap(name):
    fd = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
    fcntl.ioctl(fd, TUNSETIFF, struct.pack("16sH22x", name.encode(), IFF_TAP | IFF_NO_PI))
    return fd


class Direction:
    def __init__(self, name, source, target):
        self.name, self.source, self.target = name, source, target
        self.queue = collections.deque()  # (arrival time, frame)
        self.queued_bytes = 0
        self.link_free = 0.0
        self.last_arrival = 0.0
        self.counts = {"frames": 0, "bytes": 0, "delivered_bytes": 0, "lost_frames": 0, "lost_bytes": 0}

    def lose(self, frame):
        self.counts["lost_frames"] += 1
        self.counts["lost_bytes"] += len(frame)

    def receive(self, frame, now, link):
        self.counts["frames"] += 1
        self.counts["bytes"] += len(frame)
        if link["down"] or random.random() < link["loss"]:
            return self.lose(frame)
        rate = link["rate_kbit"] * 1000.0
        if rate > 0:
            if self.queued_bytes + len(frame) > QUEUE_LIMIT:
                return self.lose(frame)
            self.link_free = max(now, self.link_free) + len(frame) * 8 / rate
            sent = self.link_free
        else:
            sent = now
        delay = max(0.0, link["delay_ms"] + random.uniform(-1, 1) * link["jitter_ms"]) / 1000.0
        # In order, as on one radio link: a packet never overtakes the one before it.
        arrival = max(sent + delay, self.last_arrival)
        self.last_arrival = arrival
        self.queue.append((arrival, frame))
        self.queued_bytes += len(frame)

    def deliver(self, now):
        while self.queue and self.queue[0][0] <= now:
            _, frame = self.queue.popleft()
            self.queued_bytes -= len(frame)
            try:
                os.write(self.target, frame)
                self.counts["delivered_bytes"] += len(frame)
            except BlockingIOError:
                self.lose(frame)
            except OSError:
                # The other side is down (its interface taken down): what was in flight is lost.
                self.lose(frame)

    def drop_all(self):
        while self.queue:
            self.lose(self.queue.popleft()[1])
        self.queued_bytes = 0

    def next_arrival(self):
        return self.queue[0][0] if self.queue else None


def main():
    browser, server = open_tap(sys.argv[1]), open_tap(sys.argv[2])
    link = {"loss": 0.0, "delay_ms": 0.0, "jitter_ms": 0.0, "rate_kbit": 0.0, "down": False}
    up = Direction("up", browser, server)
    down = Direction("down", server, browser)
    by_fd = {browser: up, server: down}
    print(json.dumps({"ready": True}), flush=True)
    stdin = sys.stdin.fileno()
    pending = b""
    while True:
        now = time.monotonic()
        arrivals = [t for t in (up.next_arrival(), down.next_arrival()) if t is not None]
        timeout = max(0.0, min(arrivals) - now) if arrivals else 1.0
        readable, _, _ = select.select([browser, server, stdin], [], [], timeout)
        now = time.monotonic()
        for fd in readable:
            if fd == stdin:
                chunk = os.read(stdin, 65536)
                if not chunk:
                    return
                pending += chunk
                while b"\n" in pending:
                    line, pending = pending.split(b"\n", 1)
                    command = json.loads(line)
                    if "set" in command:
                        link.update(command["set"])
                        if link["down"]:
                            up.drop_all()
                            down.drop_all()
                        print(json.dumps({"link": link}), flush=True)
                    elif "stats" in command:
                        print(json.dumps({"up": up.counts, "down": down.counts}), flush=True)
                continue
            direction = by_fd[fd]
            while True:
                try:
                    frame = os.read(fd, 65536)
                except (BlockingIOError, OSError):
                    break
                direction.receive(frame, now, link)
        up.deliver(now)
        down.deliver(now)


if __name__ == "__main__":
    main()
