"""Runs commands for the benchmark as people meet them, and times them (scripts/bench-startup.mjs).

One JSON request a line on stdin, {"argv": [...], "env": {...}, "cwd": "...", "tty": true|false};
one JSON answer a line on stdout, {"ms", "tailMs", "maxRssKiB", "code", "output", "stderr"}:

- tty: stdin, stdout and stderr on a fresh pseudo-terminal of 80x24 (a person at a terminal);
  else stdin from /dev/null, stdout and stderr on a pipe each (a script);
- ms: from fork to the end of the child's output and its exit; tailMs: from its last output byte
  to that end (what timers and sockets left open add); maxRssKiB: the child's peak RSS (wait4);
- "pager": true (on a terminal): the command shows its output in a pager (less), which waits for
  a key; once the screen has been quiet for 150 ms, `q` is typed. ms is then from fork to the last
  byte of that first screen, what a person waits for, and tailMs is null.

Python, not Node: a Node parent has no pseudo-terminal without a native module, and `script(1)`
would time a shell too. One process serves every run, so its own start is paid once.
"""
import fcntl
import json
import os
import pty
import select
import struct
import sys
import termios
import time


QUIET_S = 0.15


def run(argv, env, cwd, tty, pager=False):
    if tty:
        started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        fds = {fd: bytearray()}
    else:
        out, out_w = os.pipe()
        err, err_w = os.pipe()
        started = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
            os.dup2(out_w, 1)
            os.dup2(err_w, 2)
            os.chdir(cwd)
            os.execve(argv[0], argv, env)
        os.close(out_w)
        os.close(err_w)
        fds = {out: bytearray(), err: bytearray()}
    last = started
    screen = None
    open_fds = list(fds)
    while open_fds:
        waiting = pager and screen is None and last > started
        ready, _, _ = select.select(open_fds, [], [], QUIET_S if waiting else None)
        if waiting and not ready:
            screen = last
            os.write(open_fds[0], b"q")
            continue
        for fd in ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO: the terminal's last user is gone
                chunk = b""
            if not chunk:
                open_fds.remove(fd)
                os.close(fd)
                continue
            last = time.perf_counter()
            fds[fd] += chunk
    _, status, usage = os.wait4(pid, 0)
    ended = time.perf_counter()
    streams = list(fds.values())
    return {
        "ms": ((screen if screen is not None else ended) - started) * 1000,
        "tailMs": None if screen is not None else (ended - last) * 1000,
        "maxRssKiB": usage.ru_maxrss,
        "code": os.waitstatus_to_exitcode(status),
        # a terminal's screen; or stdout, then stderr, of a pipe
        "output": streams[0][:16384].decode("utf-8", "replace"),
        "stderr": streams[1][:4096].decode("utf-8", "replace") if len(streams) > 1 else "",
    }


for line in sys.stdin:
    request = json.loads(line)
    answer = run(request["argv"], request["env"], request["cwd"], request["tty"], request.get("pager", False))
    sys.stdout.write(json.dumps(answer) + "\n")
    sys.stdout.flush()
