#!/usr/bin/env python3
"""Ground truth for the C corpus (programs/c): run every program concretely, many times.

Not part of the test suite: it needs gcc with AddressSanitizer/LeakSanitizer/UBSan
(and valgrind for the cross-check).  Usage, from the repository root:

    nice -n 10 python3 scripts/c_ground_truth.py                    # every programs/c/*.c
    nice -n 10 python3 scripts/c_ground_truth.py programs/c/sll_*.c --runs 50
    python3 scripts/c_ground_truth.py --valgrind 5                  # also valgrind on 5 seeds + every witness
    python3 scripts/c_ground_truth.py --tsv out.tsv                 # one line per (file, property)

Each program is compiled with a harness (written below as HARNESS) that provides the
competition's functions: ``__VERIFIER_nondet_*`` draw values from a seed (random runs:
``GT_SEED=s``) or from a script of values (bounded exhaustive runs: ``GT_SCRIPT=1,0,2``;
then 0 once the script is used up), ``reach_error`` / ``__assert_fail`` /
``__VERIFIER_error`` print a marker and end the run, ``__VERIFIER_assume(0)`` ends the
run silently (an infeasible path says nothing about any property).

What a run observes, on stderr as ``GT ...`` lines and sanitizer reports:

* valid-deref: an AddressSanitizer report (heap-use-after-free, SEGV on NULL or on a
  garbage address) or a UBSan ``runtime error`` on a member access (NULL, misaligned) or an
  array index out of bounds.  Locals are not instrumented by ASan (``asan-stack=0``): with
  them, LeakSanitizer missed the pointers that a local array of ``main`` still held at its
  exit and reported a memtrack violation that valgrind did not see.
  Uninitialised pointers are made garbage: ASan fills fresh heap blocks with 0xbe,
  ``-ftrivial-auto-var-init=pattern`` fills locals with 0xfe, so following one faults.
* valid-free: ASan's ``attempting double-free`` / ``attempting free on address which was
  not malloc()-ed`` (free of &local, &global, a garbage pointer), or a fault inside free.
* valid-memtrack: a cell unreachable while allocated, *during* the run.  The harness asks
  LeakSanitizer for a leak check (``__lsan_do_recoverable_leak_check``: globals, the live
  stack, registers) at every call of a nondet function, malloc, calloc, free,
  reach_error/abort/exit, and at the end of every function of the program just before it
  returns (``-finstrument-functions``: ``__cyg_profile_func_exit`` runs while the
  function's locals are still in scope).  The first check that finds a leak is the
  violation.  Checking at ``main``'s own exit hook means that a list still held by
  ``main``'s locals when ``main`` returns is *not* a memtrack violation (only a memcleanup
  one), while a list whose last pointer is overwritten anywhere, also just before
  ``return 0``, is.  Before each check the harness scrubs the dead stack below its frame
  (so stale copies of pointers left by returned functions do not count as references);
  LSan's leak check at exit (after ``main``'s frame is gone) is never used.
* memcleanup: the harness counts allocated, not yet freed blocks (its own table, by
  ``-Wl,--wrap=malloc,calloc,realloc,free``) and prints the count when the run terminates:
  return from main, ``exit``, ``abort``, ``reach_error``.  A count > 0 is a violation,
  whether the blocks are still reachable or not.  A run that stops at a memsafety error
  also prints its count, but that count is not used (undefined behaviour first).
* unreach-call: the ``GT reach_error`` marker.

A property's ground truth: ``false`` when some run shows the violation (the report names
the first such run: ``seed=S`` or ``script=...``); for memsafety the subproperty of the
first memsafety event of that run; ``true`` when no run of the program contradicts it.
The ``/* expected: ... */`` header of each program and ``programs/c/manifest.txt`` are
compared with what the runs show; a disagreement is printed as ``MISMATCH``.

``--valgrind N`` cross-checks with valgrind (memcheck, ``--leak-check=full
--show-leak-kinds=all --errors-for-leak-kinds=definite --malloc-fill=0xbe
--free-fill=0x00``, no
sanitizers; the same harness doing its mid-run checks with
``VALGRIND_DO_QUICK_LEAK_CHECK``/``VALGRIND_COUNT_LEAKS``) on N random seeds and on
every run that witnessed a violation; valgrind's verdict must agree.
"""
import argparse
import glob
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

HARNESS = r"""
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef GT_ASAN
#include <sanitizer/lsan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef GT_VALGRIND
#include <valgrind/memcheck.h>
#endif

void *__real_malloc(size_t);
void *__real_calloc(size_t, size_t);
void *__real_realloc(void *, size_t);
void __real_free(void *);
int gt_prog_main(void);

static unsigned long long rng = 88172645463325252ULL;
static int pzero = 40;          /* percent of values that are 0 (loop exits) */
static int lo = -2, hi = 3;     /* other values */
static const char *script;
static long calls, maxcalls = 400;
static int leaked, in_harness, ended;
static const char *leak_where = "";

#define TABLE (1 << 16)
#define HIDE(p) ((unsigned long)(p) ^ 0xa5a5a5a5a5a5a5a5UL)   /* not a pointer to the leak checkers */
static unsigned long table[TABLE];
static long live;

static void say(const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n > (int)sizeof buf - 1) n = sizeof buf - 1;
    (void)!write(2, buf, n);
}

static unsigned long slot(void *p) { return ((unsigned long)p >> 4) * 2654435761UL % TABLE; }
static void track(void *p)
{
    unsigned long i = slot(p);
    while (table[i]) i = (i + 1) % TABLE;
    table[i] = HIDE(p);
    live++;
}
static void untrack(void *p)
{
    for (unsigned long i = slot(p); table[i]; i = (i + 1) % TABLE)
        if (table[i] == HIDE(p)) {   /* delete with backward shift */
            unsigned long j = i;
            table[i] = 0;
            for (;;) {
                j = (j + 1) % TABLE;
                if (!table[j]) break;
                unsigned long k = slot((void *)HIDE(table[j]));
                if ((j > i && (k <= i || k > j)) || (j < i && (k <= i && k > j))) {
                    table[i] = table[j];
                    table[j] = 0;
                    i = j;
                }
            }
            live--;
            return;
        }
}

__attribute__((noinline)) static void scrub(void)
{
    volatile char junk[16384];
    memset((char *)junk, 0, sizeof junk);
}

__attribute__((noinline)) static void leak_check(const char *where)
{
    if (leaked || in_harness) return;
    in_harness = 1;
    scrub();
#ifdef GT_ASAN
    if (__lsan_do_recoverable_leak_check()) {
        leaked = 1;
        say("GT memtrack at %s after %ld nondet calls\n", where, calls);
    }
#endif
#ifdef GT_VALGRIND
    if (RUNNING_ON_VALGRIND) {
        unsigned long l = 0, d = 0, r = 0, s = 0;
        VALGRIND_DO_QUICK_LEAK_CHECK;
        VALGRIND_COUNT_LEAKS(l, d, r, s);
        if (l > 0) {
            leaked = 1;
            say("GT memtrack at %s after %ld nondet calls\n", where, calls);
        }
    }
#endif
    in_harness = 0;
}

static void end(const char *how, int code) __attribute__((noreturn));
static void end(const char *how, int code)
{
    ended = 1;
    say("GT end %s live=%ld calls=%ld\n", how, live, calls);
    _exit(code);
}

#ifdef GT_ASAN
static void died(void)
{
    if (!ended) say("GT end sanitizer live=%ld calls=%ld\n", live, calls);
}
#endif

void *__wrap_malloc(size_t n)
{
    leak_check("malloc");
    void *p = __real_malloc(n);
    if (p) track(p);
    return p;
}
void *__wrap_calloc(size_t a, size_t b)
{
    leak_check("calloc");
    void *p = __real_calloc(a, b);
    if (p) track(p);
    return p;
}
void *__wrap_realloc(void *old, size_t n)
{
    leak_check("realloc");
    void *p = __real_realloc(old, n);
    if (old && (p || n == 0)) untrack(old);   /* moved, or freed by realloc(old, 0) (glibc) */
    if (p) track(p);
    return p;
}
void __wrap_free(void *p)
{
    leak_check("free");
    __real_free(p);   /* an invalid free is reported here (ASan stops, valgrind goes on) */
    if (p) untrack(p);
}
void __wrap_exit(int c) { leak_check("exit"); end("exit", 0); }
void __wrap_abort(void) { leak_check("abort"); end("abort", 0); }

__attribute__((weak)) void reach_error(void)
{
    say("GT reach_error\n");
    leak_check("reach_error");
    end("reach_error", 0);
}
void __VERIFIER_error(void) { reach_error(); }
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn)
{
    say("GT reach_error\n");
    leak_check("reach_error");
    end("reach_error", 0);
}
void __VERIFIER_assume(int c) { if (!c) end("assume", 0); }

static unsigned long long next(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return rng;
}
static long value(void)
{
    long v;
    leak_check("nondet");
    calls++;
    if (script) {
        if (!*script) return 0;
        v = strtol(script, (char **)&script, 10);
        if (*script == ',') script++;
        return v;
    }
    if (calls > maxcalls) return 0;
    if ((long)(next() % 100) < pzero) return 0;
    return lo + (long)(next() % (unsigned long long)(hi - lo + 1));
}
int __VERIFIER_nondet_int(void) { return (int)value(); }
unsigned int __VERIFIER_nondet_uint(void) { long v = value(); return v < 0 ? -v : v; }
long __VERIFIER_nondet_long(void) { return value(); }
unsigned long __VERIFIER_nondet_ulong(void) { long v = value(); return v < 0 ? -v : v; }
short __VERIFIER_nondet_short(void) { return (short)value(); }
unsigned short __VERIFIER_nondet_ushort(void) { long v = value(); return v < 0 ? -v : v; }
char __VERIFIER_nondet_char(void) { return (char)value(); }
unsigned char __VERIFIER_nondet_uchar(void) { long v = value(); return v < 0 ? -v : v; }
_Bool __VERIFIER_nondet_bool(void) { return value() != 0; }
_Bool __VERIFIER_nondet__Bool(void) { return value() != 0; }

void __cyg_profile_func_enter(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_exit(void *fn, void *site) __attribute__((no_instrument_function));
void __cyg_profile_func_enter(void *fn, void *site)
{
    /* a program's own reach_error() (it overrides the weak one above, which the program's
       instrumentation does not see) is still the error call, whether or not it returns */
    if (fn == (void *)reach_error) say("GT reach_error\n");
}
void __cyg_profile_func_exit(void *fn, void *site) { leak_check("function exit"); }

int main(void)
{
    const char *s = getenv("GT_SEED");
    script = getenv("GT_SCRIPT");
#ifdef GT_ASAN
    __sanitizer_set_death_callback(died);
#endif
    if (s) {
        unsigned long seed = strtoul(s, 0, 10);
        rng ^= seed * 0x9E3779B97F4A7C15ULL;
        for (int i = 0; i < 10; i++) next();
        pzero = 15 + (int)(seed % 6) * 10;      /* 15%..65%: long and short lists */
        if (seed % 3 == 0) { lo = 0; hi = 2; }  /* few distinct data: duplicates */
        else if (seed % 3 == 1) { lo = -5; hi = 9; }
    }
    gt_prog_main();
    leak_check("after main");   /* main's frame is gone: never a leak we report, see end() */
    end("return", 0);
}
"""

# the mid-run check at "after main" would count lists held by main's locals: disable it
HARNESS = HARNESS.replace('    leak_check("after main");   /* main\'s frame is gone: never a leak we report, see end() */\n', "")

CFLAGS = ["-O0", "-g", "-w", "-fno-omit-frame-pointer", "-fno-inline", "-fno-builtin"]
WRAP = "-Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc,--wrap=free,--wrap=exit,--wrap=abort"
SAN = ["-fsanitize=address,undefined", "-fno-sanitize=null,alignment",   # ASan reports those (with the block count)
       "--param", "asan-stack=0",   # LSan missed pointers held by main's local arrays; UBSan checks their bounds
       "-fno-sanitize-recover=undefined"]
ENV_ASAN = {
    "ASAN_OPTIONS": "detect_leaks=1:halt_on_error=1:malloc_fill_byte=190:max_malloc_fill_size=65536:"
                    "detect_stack_use_after_return=0:handle_abort=0:symbolize=1",
    "LSAN_OPTIONS": "report_objects=0",
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
}
PROPS = ("memsafety", "memcleanup", "unreach-call")


def sh(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def build(prog, work):
    """Two executables: sanitizers (asan) and plain for valgrind (vg)."""
    hc = os.path.join(work, "harness.c")
    with open(hc, "w") as fh:
        fh.write(HARNESS)
    out = {}
    for kind, extra, define in (("asan", SAN, "-DGT_ASAN"), ("vg", [], "-DGT_VALGRIND")):
        ho = os.path.join(work, f"harness_{kind}.o")
        po = os.path.join(work, f"prog_{kind}.o")
        exe = os.path.join(work, f"prog_{kind}")
        r = sh(["gcc", *CFLAGS, *extra, define, "-ftrivial-auto-var-init=zero", "-c", hc, "-o", ho])
        if r.returncode:
            raise RuntimeError("harness: " + r.stderr)
        r = sh(["gcc", *CFLAGS, *extra, "-ftrivial-auto-var-init=pattern", "-finstrument-functions",
                "-Dmain=gt_prog_main", "-c", prog, "-o", po])
        if r.returncode:
            raise RuntimeError(f"{prog}: " + r.stderr)
        r = sh(["gcc", *extra, ho, po, WRAP, "-o", exe])
        if r.returncode:
            raise RuntimeError(f"{prog}: link: " + r.stderr)
        out[kind] = exe
    return out


def classify_asan(err):
    """The memsafety subproperty of a sanitizer report, or None."""
    if "attempting double-free" in err or "attempting free on address which was not malloc" in err \
            or "bad-free" in err or "invalid-free" in err:
        return "valid-free"
    if "ERROR: AddressSanitizer" in err:
        m = re.search(r"ERROR: AddressSanitizer:.*?\n(.*?)\n\n", err, re.S)
        frames = m.group(1) if m else err
        first_user = re.search(r"#\d+ 0x[0-9a-f]+ in (\S+)", frames)
        if first_user and first_user.group(1) in ("__wrap_free", "free", "__interceptor_free"):
            return "valid-free"
        return "valid-deref"
    if "runtime error:" in err:
        if re.search(r"runtime error: (member access|load of|store to|.*null pointer|.*misaligned|index .* out of bounds)", err):
            return "valid-deref"
        return "ub"
    return None


def classify_vg(err):
    m = re.search(r"^==\d+== (Invalid free|Invalid read|Invalid write|Use of uninitialised value of size 8|"
                  r"Process terminating with default action of signal 11)", err, re.M)
    if not m:
        return None
    return "valid-free" if m.group(1) == "Invalid free" else "valid-deref"


def observe(kind, exe, env_extra, timeout):
    env = dict(os.environ, **ENV_ASAN, **env_extra) if kind == "asan" else dict(os.environ, **env_extra)
    cmd = [exe]
    if kind == "vg":
        cmd = ["valgrind", "--leak-check=full", "--show-leak-kinds=all", "--errors-for-leak-kinds=definite",
               "--malloc-fill=0xbe", "--free-fill=0x00", "--error-exitcode=0", exe]
    try:
        r = sh(cmd, env=env, timeout=timeout)
        err, timed_out, rc = r.stderr, False, r.returncode
    except subprocess.TimeoutExpired as e:   # keep what the run reported before it was killed
        err = e.stderr.decode(errors="replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
        timed_out, rc = True, 0
    o = {"timeout": timed_out, "reach": "GT reach_error" in err, "mem": None, "end": None, "live": None,
         "calls": 0, "order": []}
    # order of memsafety events: memtrack marker vs. error report
    sub = classify_asan(err) if kind == "asan" else classify_vg(err)
    events = []
    if sub and sub != "ub":
        pos = min([i for i in (err.find("ERROR: AddressSanitizer"), err.find("runtime error:"),
                               err.find("Invalid "), err.find("Use of uninitialised value of size"),
                               err.find("Process terminating")) if i >= 0] or [len(err)])
        events.append((pos, sub))
    i = err.find("GT memtrack")
    if i >= 0:
        events.append((i, "valid-memtrack"))
    events.sort()
    o["order"] = [e for _, e in events]
    o["mem"] = events[0][1] if events else None
    o["ub"] = sub == "ub"
    m = re.search(r"GT end (\w+) live=(\d+) calls=(\d+)", err)
    if m:
        o["end"], o["live"], o["calls"] = m.group(1), int(m.group(2)), int(m.group(3))
    elif rc < 0:
        o["end"] = f"signal{-rc}"
    o["err"] = err
    return o


def verdicts(o):
    """Per property: None (no evidence), or the violation this run shows."""
    v = {}
    if o.get("timeout") and "mem" not in o:
        return v
    if o["mem"]:
        v["memsafety"] = f"false({o['mem']})"
    if o["timeout"]:   # a memsafety event before the time limit counts; nothing else does
        return v
    # memcleanup: only runs that terminate without a deref/free error first
    first_error = o["mem"] if o["mem"] in ("valid-deref", "valid-free") else None
    if o["end"] in ("return", "exit", "abort", "reach_error") and not first_error and o["live"]:
        v["memcleanup"] = "false"
    if o["reach"] and not first_error:
        v["unreach-call"] = "false"
    return v


def expected_of(path):
    with open(path) as fh:
        head = fh.readline()
    exp = {}
    for prop in PROPS:
        m = re.search(rf"{prop}=(true|false(?:\([a-z-]+\))?)", head)
        if m:
            exp[prop] = m.group(1)
    return exp


def manifest_of(path):
    if not os.path.exists(path):
        return {}
    res = {}
    with open(path) as fh:
        for ln in fh:
            if ln.startswith("#") or not ln.strip():
                continue
            parts = ln.split()
            res[(parts[0], parts[1])] = parts[2]
    return res


def scripts(domain, limit):
    """Bounded exhaustive choice sequences, breadth first: yields prefixes; caller says if extendable."""
    queue = [()]
    n = 0
    while queue and n < limit:
        prefix = queue.pop(0)
        n += 1
        extend = yield prefix
        if extend:
            queue.extend(prefix + (d,) for d in domain)


def run_program(path, args):
    name = os.path.basename(path)
    work = tempfile.mkdtemp(prefix="gt_")
    try:
        try:
            exes = build(path, work)
        except RuntimeError as e:
            return name, {"error": str(e)}
        found = {}       # property -> (truth, how)
        runs = 0
        timeouts = 0
        ub = 0
        ub_live = 0      # runs stopped at a deref/free error with blocks still allocated
        witnesses = []

        def note(o, how):
            nonlocal runs, timeouts, ub, ub_live
            runs += 1
            if o.get("timeout"):
                timeouts += 1
            ub += o.get("ub", False)
            ub_live += o.get("mem") in ("valid-deref", "valid-free") and bool(o.get("live"))
            for prop, val in verdicts(o).items():
                if prop not in found:
                    found[prop] = (val, how)
                    witnesses.append(how)

        for seed in range(1, args.runs + 1):
            how = f"seed={seed}"
            note(observe("asan", exes["asan"], {"GT_SEED": str(seed)}, args.timeout), how)
        for given in args.script:   # runs no random or breadth-first choice reaches (a datum 1001)
            note(observe("asan", exes["asan"], {"GT_SCRIPT": given}, args.timeout), f"script={given}")
        gen = scripts(tuple(args.domain), args.exhaustive)
        try:
            prefix = next(gen)
            while True:
                how = "script=" + (",".join(map(str, prefix)) or "(empty)")
                o = observe("asan", exes["asan"], {"GT_SCRIPT": ",".join(map(str, prefix))}, args.timeout)
                note(o, how)
                prefix = gen.send(not o.get("timeout") and o.get("calls", 0) >= len(prefix)
                                  and len(prefix) < args.depth)
        except StopIteration:
            pass
        result = {"found": found, "runs": runs, "timeouts": timeouts, "ub": ub, "ub_live": ub_live}
        if args.valgrind and shutil.which("valgrind"):
            vg = {}
            todo = [f"seed={s}" for s in range(1, args.valgrind + 1)] + witnesses
            for how in dict.fromkeys(todo):
                key, val = how.split("=", 1)
                env = {"GT_SEED": val} if key == "seed" else {"GT_SCRIPT": "" if val == "(empty)" else val}
                o = observe("vg", exes["vg"], env, args.timeout * 10)
                for prop, v in verdicts(o).items():
                    vg.setdefault(prop, (v, how))
            result["valgrind"] = vg
            result["valgrind_runs"] = len(dict.fromkeys(todo))
        return name, result
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*")
    ap.add_argument("--runs", type=int, default=200, help="random seeds per program (default 200)")
    ap.add_argument("--exhaustive", type=int, default=300,
                    help="bounded exhaustive runs per program, breadth first (default 300)")
    ap.add_argument("--depth", type=int, default=7, help="longest exhaustive choice script (default 7)")
    ap.add_argument("--domain", type=int, nargs="+", default=[0, 1, 2], help="exhaustive values (default 0 1 2)")
    ap.add_argument("--script", action="append", default=[], metavar="V,V,...",
                    help="also run with these nondet values (then 0), as a witness of --exhaustive is")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--valgrind", type=int, default=0, metavar="N",
                    help="cross-check with valgrind on N seeds and every witnessing run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--manifest", default=os.path.join(ROOT, "programs", "c", "manifest.txt"))
    ap.add_argument("--tsv", help="write FILE PROPERTY TRUTH HOW lines here")
    args = ap.parse_args()
    files = args.files or sorted(glob.glob(os.path.join(ROOT, "programs", "c", "*.c")))
    manifest = manifest_of(args.manifest)
    bad = 0
    rows = []
    with ThreadPoolExecutor(args.jobs) as ex:
        for path, (name, res) in zip(files, ex.map(lambda p: run_program(p, args), files)):
            if "error" in res:
                print(f"{name}: ERROR {res['error']}")
                bad += 1
                continue
            exp = expected_of(path)
            extra = f" timeouts={res['timeouts']}" if res["timeouts"] else ""
            extra += f" ub={res['ub']}" if res["ub"] else ""
            extra += f" stopped-at-error-with-blocks={res['ub_live']}" if res["ub_live"] else ""
            print(f"{name}: {res['runs']} runs{extra}")
            for prop in PROPS:
                truth, how = res["found"].get(prop, ("true", f"no violation in {res['runs']} runs"))
                flags = []
                if prop in exp and exp[prop] != truth:
                    flags.append(f"MISMATCH header says {exp[prop]}")
                mt = manifest.get((name, prop))
                if mt is not None and mt != truth:
                    flags.append(f"MISMATCH manifest says {mt}")
                if "valgrind" in res:
                    vt, vhow = res["valgrind"].get(prop, ("true", ""))
                    if vt != truth:
                        flags.append(f"VALGRIND says {vt} {vhow}")
                    elif truth != "true":
                        how += f" (valgrind: {vt} too)"
                bad += bool(flags)
                print(f"  {prop:13s} {truth:22s} {how}  {' '.join(flags)}")
                rows.append((name, prop, truth, how))
    if args.tsv:
        with open(args.tsv, "w") as fh:
            for r in rows:
                fh.write("\t".join(r) + "\n")
    print(f"{len(files)} programs, {bad} problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
