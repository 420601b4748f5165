"""``urlgrammar check`` and ``validate_frame`` at scale: the figures of issue 13, measured.

    python tools/bench_check.py stream [--mb 200]    peak memory, first output, time, URLs/s;
                                                      then /dev/zero under a timeout
    python tools/bench_check.py jobs [--urls 100000] --jobs 1 against --jobs 2: the same bytes?
    python tools/bench_check.py frames [--urls 100000]  a LocalCluster of 1, then 2 workers
    python tools/bench_check.py hostile [--format F ...] [--jobs N]   peak RSS of one line of
                                                      1 MiB of errors, shape by shape
    python tools/bench_check.py tree [--lines 32] [--jobs 2] [--format F]   peak RSS of the
                                                      process tree (main process and workers,
                                                      summed) on a file of such lines, by shape
    python tools/bench_check.py directory [--files 10000] [--per-file 10] [--jobs 1]   a
                                                      directory of Markdown, HTML and CSS files
                                                      (a third each): URLs/s and peak RSS

Inputs are written to a temporary directory, never to the repository: the lines of the shared
corpus (``$URLGRAMMAR_SHARED`` or ``../shared``, ``corpus/kasztp.txt``) repeated, or generated
URLs where it is missing. The machine's load average is printed with each figure: the
development machines' cores are shared, and a busy core changes every wall-clock figure.

``urlgrammar check`` runs as installed: from a copy of the package with its bytecode compiled,
as installing a wheel leaves it (``tools/bench_cold.py``'s copy). From a checkout where Python
writes no bytecode (PYTHONDONTWRITEBYTECODE, a read-only checkout) every process compiles the
package from source, which adds about 13 MB to its peak (the compiled grammar module, 217 kB
of source); ``--from-source`` measures that instead.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMAND = [sys.executable, "-m", "urlgrammar", "check"]
# Unbuffered output would make every write a system call: run as a user would.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def install(into: str) -> None:
    """Run check from a copy of the package with its bytecode, in ``into``, which becomes the
    working directory: ``-m`` puts that first on the path."""
    from bench_cold import compiled_copy

    if compiled_copy(into) is None:
        raise SystemExit("the urlgrammar package could not be imported to copy it")
    ENV["PYTHONPATH"] = into
    os.chdir(into)


def corpus_lines() -> list[bytes]:
    shared = Path(os.environ.get("URLGRAMMAR_SHARED") or ROOT.parent / "shared")
    path = shared / "corpus" / "kasztp.txt"
    if path.is_file():
        return [line for line in path.read_bytes().splitlines() if line.strip()]
    print(f"({path} not found: generated URLs)")
    return [b"https://host%d.example/a/b?q=%d#f" % (i, i) for i in range(10_000)] + [b"http://u@h/a b"]


def write_file(directory: Path, size: int | None = None, count: int | None = None) -> tuple[Path, int]:
    """A file of URLs, ``size`` bytes or ``count`` lines long; and its number of lines."""
    lines = corpus_lines()
    path = directory / "urls.txt"
    written = n = 0
    with open(path, "wb") as f:
        while (size is None or written < size) and (count is None or n < count):
            line = lines[n % len(lines)] + b"\n"
            f.write(line)
            written, n = written + len(line), n + 1
    return path, n


def load() -> str:
    return f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"


def stream(mb: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path, count = write_file(Path(tmp), size=mb * 1_000_000)
        start = time.monotonic()
        proc = subprocess.Popen([*COMMAND, "--file", str(path)], stdout=subprocess.PIPE, env=ENV)
        assert proc.stdout is not None
        first = proc.stdout.readline()
        latency = time.monotonic() - start
        size = len(first) + sum(len(b) for b in iter(lambda: proc.stdout.read(1 << 16), b""))  # type: ignore[union-attr]
        proc.wait()
        total = time.monotonic() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"{path.stat().st_size / 1e6:.0f} MB, {count:,} URLs: first output after {latency:.2f} s, "
              f"all in {total:.1f} s ({count / total:,.0f} URLs/s), {size:,} bytes of output, "
              f"peak RSS {peak / 1024:.0f} MB, exit status {proc.returncode} ({load()})")
    if Path("/dev/zero").exists():
        start = time.monotonic()
        zero = subprocess.run([*COMMAND, "--file", "/dev/zero"], capture_output=True, env=ENV, timeout=300)
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"/dev/zero: exit status {zero.returncode} after {time.monotonic() - start:.2f} s, "
              f"peak RSS of any run so far {peak / 1024:.0f} MB")
        print("  " + zero.stdout.decode().strip().replace("\n", "\n  "))
        print("  " + zero.stderr.decode().strip())


def jobs(urls: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path, _ = write_file(Path(tmp), count=urls)
        outputs: dict[int, bytes] = {}
        best: dict[int, float] = {}
        for _ in range(3):
            for n in (1, 2):
                start = time.monotonic()
                out = subprocess.run([*COMMAND, "--file", str(path), "--jobs", str(n)],
                                     capture_output=True, env=ENV).stdout
                best[n] = min(best.get(n, 1e9), time.monotonic() - start)
                if outputs.setdefault(n, out) != out:
                    raise SystemExit(f"--jobs {n} wrote different output in two runs")
        same = outputs[1] == outputs[2]
        print(f"{urls:,} URLs: --jobs 1 {best[1]:.2f} s, --jobs 2 {best[2]:.2f} s (best of 3): "
              f"speed-up {best[1] / best[2]:.2f}x; output identical: {same} "
              f"({len(outputs[1]):,} bytes; {load()})")


def frames(urls: int) -> None:
    import dask.dataframe as dd
    import pandas as pd
    from dask.distributed import Client, LocalCluster

    import urlgrammar
    from urlgrammar.frames import COLUMNS, validate_frame

    lines = [line.decode("utf-8", "replace") for line in corpus_lines()]
    df = pd.DataFrame({"url": [lines[i % len(lines)] for i in range(urls)]})
    expected = [(r.valid, r.failure, [d.code for d in r.diagnostics], r.href)
                for r in map(urlgrammar.validate, df["url"])]
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                          dashboard_address=None) as cluster, Client(cluster):
            frame = dd.from_pandas(df, npartitions=16)
            validate_frame(frame.head(10, compute=False)).compute()  # workers import urlgrammar
            start = time.monotonic()
            out = validate_frame(frame).compute()
            elapsed = time.monotonic() - start
        rows = [tuple(row) for row in out[list(COLUMNS)].itertuples(index=False)]
        equal = sum(row == want for row, want in zip(rows, expected, strict=True))
        print(f"LocalCluster, {workers} worker process(es): {urls:,} rows in {elapsed:.2f} s; "
              f"{equal:,}/{len(expected):,} rows equal to validate() in one process ({load()})")


#: One line of errors, 1 MiB with its scheme: where, prefix, repeated unit, suffix.
HOSTILE = [
    ("path", "spaces and backslashes", "http://h/", " \\", ""),
    ("path", "%zz", "http://h/", "%zz", ""),
    ("path", "tabs", "http://h/", "a\t", ""),
    ("path", "dot segments", "http://h/", "./", ""),
    ("path", "a/../ pairs", "http://h/", "a/../", ""),
    ("path", "segments, non-special", "foo://h/", "a/", ""),
    ("query", "spaces and backslashes", "http://h/?", " \\", ""),
    ("query", "%zz", "http://h/?", "%zz", ""),
    ("fragment", "spaces", "http://h/#", "x ", ""),
    ("host", "slashes and backslashes before it", "http:", "\\/", "h/"),
    ("host", "slashes before it", "http:", "/", "h/"),
    ("host", "%zz", "http://", "%zz", "/"),
    ("userinfo", "@", "http://", "a@", "h/"),
    ("userinfo", "spaces and %zz", "http://u", " %zz", "@h/"),
]
#: Runs a command with its output thrown away, and prints the peak RSS of it and its children.
_PEAK = ("import resource, subprocess, sys; "
         "status = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
         "stderr=subprocess.DEVNULL).returncode; "
         "print(status, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")


def _line(prefix: str, unit: str, suffix: str, size: int = 1 << 20) -> str:
    """A hostile line of ``size`` bytes (--max-line-length's default) with its scheme."""
    return prefix + unit * ((size - len(prefix) - len(suffix)) // len(unit)) + suffix


def hostile(formats: list[str], jobs: int) -> None:
    size = 1 << 20  # --max-line-length's default
    with tempfile.TemporaryDirectory() as tmp:
        print(f"one line of {size:,} bytes; peak RSS in MB, check --format F --jobs {jobs}, "
              f"default --max-errors ({load()})")
        print(f"{'where':9} {'what':34} " + " ".join(f"{f:>6}" for f in formats))
        for where, what, prefix, unit, suffix in HOSTILE:
            line = _line(prefix, unit, suffix, size)
            path = Path(tmp) / "line.txt"
            path.write_bytes(line.encode() + b"\n")
            peaks = []
            for f in formats:
                out = subprocess.run([sys.executable, "-c", _PEAK, *COMMAND, "--file", str(path),
                                      "--format", f, "--jobs", str(jobs)],
                                     capture_output=True, env=ENV, text=True, check=True).stdout.split()
                status, kb = int(out[0]), int(out[1])
                peaks.append(f"{kb / 1024:6.0f}" if status in (0, 1) else f"exit {status}")
            print(f"{where:9} {what:34} " + " ".join(peaks))


_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _tree(root: int) -> list[int]:
    """``root`` and every process below it, from /proc (Linux)."""
    found, stack = [], [root]
    while stack:
        pid = stack.pop()
        found.append(pid)
        try:
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    stack.extend(int(child) for child in f.read().split())
        except OSError:  # it has just ended
            continue
    return found


def _memory(pids: list[int]) -> tuple[int, int]:
    """The resident set (pages a process maps, shared ones in each) and the proportional set
    (each shared page divided among its sharers: a forked worker shares the main process's
    pages until it writes them) of ``pids``, summed, in bytes."""
    rss = pss = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/statm") as f:
                rss += int(f.read().split()[1]) * _PAGE
            with open(f"/proc/{pid}/smaps_rollup") as f:
                pss += next((int(line.split()[1]) * 1024 for line in f if line.startswith("Pss:")), 0)
        except (OSError, ValueError):  # it has just ended
            continue
    return rss, pss


def tree(lines: int, jobs: int, format: str, every: float = 0.01) -> None:
    """The peak of the process tree's memory, sampled every ``every`` seconds: RUSAGE_CHILDREN
    gives the largest of one process, and what ``--jobs`` costs is the main process and its
    workers together."""
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{lines} lines of {1 << 20:,} bytes, each shape alone; check --format {format} "
              f"--jobs {jobs}, default --max-errors; peak of the tree's summed RSS and PSS in MB, "
              f"sampled every {every * 1000:.0f} ms; the most processes seen at once ({load()})")
        print(f"{'where':9} {'what':34} {'RSS':>6} {'PSS':>6} {'procs':>5} {'status':>6} {'seconds':>7}")
        for where, what, prefix, unit, suffix in HOSTILE:
            path = Path(tmp) / "lines.txt"
            path.write_bytes((_line(prefix, unit, suffix) + "\n").encode() * lines)
            start = time.monotonic()
            proc = subprocess.Popen([*COMMAND, "--file", str(path), "--format", format, "--jobs", str(jobs)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
            peak_rss = peak_pss = most = 0
            while proc.poll() is None:
                pids = _tree(proc.pid)
                rss, pss = _memory(pids)
                peak_rss, peak_pss, most = max(peak_rss, rss), max(peak_pss, pss), max(most, len(pids))
                time.sleep(every)
            print(f"{where:9} {what:34} {peak_rss / 1e6:6.0f} {peak_pss / 1e6:6.0f} {most:5} "
                  f"{proc.returncode:6} {time.monotonic() - start:7.1f}")


def directory(files: int, urls: int, jobs: int) -> None:
    """``check DIR`` on ``files`` documents in 100 subdirectories, ``urls`` URLs in each, the
    corpus's lines in turn, written as each type writes links."""
    lines = [line.decode("utf-8", "replace") for line in corpus_lines()]
    lines = [line for line in lines if not any(c in line for c in "<>\"'()[]\\ `")]
    kinds = {".md": ("[link {n}]({url})\n\n", ""),
             ".html": ('<p><a href="{url}">link {n}</a></p>\n', "<!doctype html>\n"),
             ".css": ("a.l{n} {{ background: url({url}) }}\n", "")}
    with tempfile.TemporaryDirectory() as tmp:
        n = 0
        for i in range(files):
            suffix = list(kinds)[i % 3]
            line, head = kinds[suffix]
            path = Path(tmp) / f"d{i % 100:02}" / f"doc{i}{suffix}"
            path.parent.mkdir(exist_ok=True)
            body = "".join(line.format(n=n + j, url=lines[(n + j) % len(lines)]) for j in range(urls))
            path.write_text(head + body, encoding="utf-8")
            n += urls
        start = time.monotonic()
        proc = subprocess.run([*COMMAND, tmp, "--jobs", str(jobs), "--quiet"], capture_output=True, env=ENV)
        total = time.monotonic() - start
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"{files:,} files, {n:,} URLs, --jobs {jobs}: {total:.1f} s ({n / total:,.0f} URLs/s), "
              f"peak RSS of one process {peak / 1024:.0f} MB, exit status {proc.returncode} ({load()})")
        print("  " + proc.stdout.decode().strip()[:300])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=("stream", "jobs", "frames", "hostile", "tree", "directory"))
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--per-file", type=int, default=10)
    parser.add_argument("--lines", type=int, default=32)
    parser.add_argument("--mb", type=int, default=200)
    parser.add_argument("--urls", type=int, default=100_000)
    parser.add_argument("--format", nargs="+", default=["text", "gnu", "json", "jsonl", "sarif"])
    parser.add_argument("--jobs", type=int, help="default 1 (hostile), 2 (tree)")
    parser.add_argument("--from-source", action="store_true",
                        help="run check as this interpreter imports it, not from a compiled copy")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as installed:
        if not args.from_source:
            install(installed)
        run(args)


def run(args: argparse.Namespace) -> None:
    if args.what == "hostile":
        hostile(args.format, 1 if args.jobs is None else args.jobs)
    elif args.what == "tree":
        tree(args.lines, 2 if args.jobs is None else args.jobs, args.format[0])
    elif args.what == "stream":
        stream(args.mb)
    elif args.what == "jobs":
        jobs(args.urls)
    elif args.what == "directory":
        directory(args.files, args.per_file, 1 if args.jobs is None else args.jobs)
    else:
        frames(args.urls)


if __name__ == "__main__":
    main()
