"""Fuzz ``tvla verify`` with mutations of the C corpus (issue 23).

    .venv/bin/python scripts/fuzz_c.py campaign --seed 1 --n 2000 [--out output/fuzz_c]
    .venv/bin/python scripts/fuzz_c.py replay --seed 1 17 [--keep case.c]
    .venv/bin/python scripts/fuzz_c.py summary [--out output/fuzz_c] [--seed 1]

Case ``ID`` of seed ``S`` is made from ``random.Random("S:ID")`` alone, so ``replay`` rebuilds it
exactly: a program of programs/c (not the slow ones) with 1 to 3 mutations (deleted, duplicated,
swapped or replaced tokens and lines; an unsupported construct inserted: unions, arrays, function
pointers, recursion, casts, varargs, inline asm...; deep nesting of statements or expressions; a
huge function or many functions; NUL and binary bytes, a truncated file; a UTF-8 BOM, Latin-1,
UTF-16, CR line ends), or an odd path (empty file, directory, missing file, broken symlink, FIFO,
unreadable file, odd name).  Each case runs ``tvla verify FILE --timeout 4 --witness-states 1000``
(short limits: they bound the analysis, not the front end) in a process group of its own, killed at
30 s, and is classed:

* ``hang``: still running at 30 s;
* ``traceback``: a Python traceback on stderr;
* ``internal``: exit 70 or ``internal error``;
* ``crash``: another exit status, or a worker that died (``the analysis stopped (exit status 1)``,
  ``the analysis stopped (killed by signal 11 (SIGSEGV))``);
* ``unlocated``: exit 2 with a message (on stderr, or on stdout for a file's error) that does not
  start with ``FILE:LINE:COL: `` (the case file or a shipped header, a line > 0), or a position at
  line 0 anywhere; errors about the path itself (missing file, directory) need only name it;
* ``ok``: anything else (a verdict, or a located error).

``campaign`` appends one JSON line per case to ``OUT/results.jsonl`` and writes each case that is not
``ok`` to ``OUT/fail/S_ID.*`` with its output in ``S_ID.out``; ``summary`` counts the classes per seed
and the keys (the first line of the message, with the file, numbers and quoted names normalised).
"""

import dataclasses
import difflib
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from typing import List, Optional, Tuple

import click

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "programs", "c")
INCLUDE = os.path.join(ROOT, "tvla", "cfront", "include")
TIMEOUT, WITNESS_STATES, HANG = 4, 1000, 30   # the limits bound the analysis, which runs after the front end
PATH_KINDS = ("dir", "missing", "symlink", "fifo", "nofiles")

FZ = "struct fz { struct fz *next; int d; };\n"
C = "__VERIFIER_nondet_int()"
# (top-level text, statement text) of constructs outside the supported subset, or odd C
CONSTRUCTS = [
    ("union u { int a; struct fz *p; } uu;\n" + FZ, "uu.a = 1; uu.p = 0;"),
    ("", "{ int arr[10]; arr[3] = 4; if (arr[3]) ; }"),
    (FZ, "{ struct fz *tab[4]; tab[0] = malloc(sizeof(struct fz)); free(tab[0]); }"),
    ("void fzcb(void) {}\n", "{ void (*fp)(void) = fzcb; if (fp) fp(); }"),
    ("int fzrec(int n) { return n ? fzrec(n - 1) : 0; }\n", "fzrec(3);"),
    (FZ + "struct fz *fzr(struct fz *p) { if (p) return fzr(p->next); return p; }\n", "fzr(0);"),
    ("", "{ void *vp = malloc(8); int *ip = (int *) vp; *ip = 1; free(vp); }"),
    (FZ, "{ long l = (long) malloc(sizeof(struct fz)); free((struct fz *) l); }"),
    ("int fzva(int n, ...) { __builtin_va_list ap; __builtin_va_start(ap, n); "
     "int x = __builtin_va_arg(ap, int); __builtin_va_end(ap); return x; }\n", "fzva(1, 2);"),
    ("", '__asm__ volatile ("nop" ::: "memory");'),
    ("", "{ void *lab = &&fzl; goto *lab; fzl: ; }"),
    ("", "({ int z = 1; z; });"),
    ("struct fzs { int a; };\n", "{ struct fzs s1, s2; s1.a = 1; s2 = s1; }"),
    ("", "{ double d = 1.5; d = d * 2; if (d > 1) d = 0; }"),
    ("", "{ int n = " + C + "; int vla[n > 0 ? n : 1]; vla[0] = 1; }"),
    ("", "{ int *cp = (int[]){1, 2}; cp[1] = 3; }"),
    ("", "{ int nf(int x) { return x; } nf(1); }"),
    ("struct fzb { int a : 3; struct fzb *next; };\n",
     "{ struct fzb *b = malloc(sizeof(struct fzb)); b->a = 1; b->next = 0; free(b); }"),
    (FZ, "{ struct fz *an = __builtin_alloca(sizeof(struct fz)); an->next = 0; }"),
    ("", "{ int g = _Generic(1, int: 2, default: 3); }"),
    ("int fzknr(a) int a; { return a; }\n", "fzknr(1);"),
    (FZ, "{ struct fz *q = 0; struct fz **pp = &q; *pp = malloc(sizeof(struct fz)); free(q); }"),
    (FZ, "{ struct fz *q = malloc(sizeof(struct fz)); struct fz **pp = &q; (*pp)->next = 0; free(*pp); }"),
    ("", "{ unsigned long long u = 1ULL << 63; u >>= 3; __int128 w = u; _Complex double z = 0; }"),
    ("", "{ _Float16 h = 1; _Float128 q = h; _Float32x f = 2; _Complex _Float64 c = 0; __bf16 b; q = q * 2; }"),
    ("struct fzh { _Float16 h; long double ld; struct fzh *next; };\n",
     "{ struct fzh *p = malloc(sizeof *p); p->h = 1; p->next = 0; free(p); }"),
    ("", '{ char buf[8]; buf[0] = \'a\'; const char *s = "xy"; s++; }'),
    ("", "switch (" + C + ") { case 1: { case 2: ; } default: break; }"),
    ("", "goto fzin; while (" + C + ") { fzin: ; }"),
    ("", "for (;;) break;"),
    ("", "while (1) ;"),
    (FZ, "{ struct fz *m = malloc(0); free(m); m = malloc(sizeof(struct fz) * 2); free(m); }"),
    (FZ, "{ struct fz *m = realloc(0, sizeof(struct fz)); free(m); }"),
    (FZ, "{ struct fz *a = malloc(sizeof(struct fz)), *b = a + 1; if (a < b) ; free(a); }"),
    (FZ, "{ struct fz *z = z; }"),
    (FZ, "{ struct fz *a = malloc(sizeof(struct fz)); a->next = a; free(a->next->next); }"),
    (FZ, "{ struct fz v; v.next = &v; struct fz *w = &v; free(w); }"),
    ("", "{ static int st = 3; register int rg = st; volatile int vo = rg; _Atomic int at = vo; }"),
    ("", "{ enum { A, B = 5 } e = B; switch (e) { case A: break; case B: break; } }"),
    ("typedef int fzfn(int);\nint fzid(int x) { return x; }\n", "{ fzfn *f = fzid; f(1); }"),
    (FZ, "{ struct fz *a = malloc(sizeof(struct fz)), *b = a ?: 0; b = b ?: a; free(b); }"),
    ("", "{ int k = " + C + " ?: 5; k = __builtin_choose_expr(1, k, 2); }"),
    (FZ, "{ struct fz x = {0}, y = x; struct fz *c = calloc(1, sizeof x); *c = y; c = realloc(c, sizeof x); free(c); }"),
    ("void fzclean(int *p) {}\n", "{ int __attribute__((cleanup(fzclean))) c = 1; }"),
    (FZ + "struct fz fzret(void) { struct fz r; r.next = 0; return r; }\n", "fzret();"),
    ("", "{ int x = sizeof(int[" + C + " + 1]); }"),
    ("", "free(free);"),
    ("", "free(main);"),
    ("", "main();"),
    ("", "return main();"),
    ("int main(void) { return 0; }\n", ""),
    ("int main;\n", ""),
    ("", "{ int i; for (i = 0; i < 10; i++) { continue; } }"),
    ("", "{ int *ip = 0; *ip = 1; }"),
    (FZ, "{ struct fz *p = 0; p->next->next = p; p->d++; }"),
    ("", "exit(" + C + ");"),
    ("", "abort();"),
    ("", "__VERIFIER_assume(0);"),
    ("", "reach_error();"),
    ("", "{ extern void undefined_fn(int); undefined_fn(1); }"),
    ("", "{ int x; x = x++ + ++x; }"),
    ("", "{ int x = " + C + " ? 1 : 2, y = (x, x); }"),
    ("", 'printf("%d\\n", 1);'),
    ("", "{ char *s = \"\\xff\\0\"; }"),
    ("#define FZM(x) ((x) + 1)\n", "{ int v = FZM(FZM(2)); }"),
    ("#pragma once\n#pragma GCC diagnostic ignored \"-Wall\"\n", ""),
    ("#include <nonexistent.h>\n", ""),
    ("#error fuzz\n", ""),
    ("#if 1\n", ""),
    ("#line 99999 \"other.c\"\n", ""),
    ('#include "/dev/null"\n', ""),
    ("__attribute__((weak)) int fzw;\n", "fzw = 1;"),
    ("_Static_assert(1, \"ok\");\n", "_Static_assert(sizeof(int) == 4, \"x\");"),
    ("", "{ int x; __builtin_expect(x = 1, 1); __builtin_unreachable(); }"),
    ("", "label_only: ;"),
    ("", "goto nowhere_label;"),
    # string literals as pointers, printed values read, buffers, header counters, ILP32 typedefs
    ("static void fzdie(const char *m) { if (!m) abort(); }\n", 'fzdie("x"); { char *s = "ab"; if (*s) s = 0; }'),
    ("", '{ int r = printf("ab\\n") + putchar(' + C + '); if (r == 0) r = printf("%d", r); }'),
    ("", "{ char *b = malloc(" + C + "); int *w = malloc(3 * sizeof(int)); *w = 1; free(b); free(w); }"),
    (FZ + "struct fzl { struct fz *first; int count; };\n",
     "{ struct fzl l = { 0, 0 }; l.first = malloc(sizeof(struct fz)); l.first->next = 0; l.count++;"
     " while (l.first) { struct fz *t = l.first->next; free(l.first); l.first = t; l.count--; } }"),
    ("typedef unsigned int size_t;\n", "{ unsigned long big = 4294967295UL; big++; }"),
    (FZ, "{ struct fz *a = malloc(sizeof *a), *b = malloc(sizeof *b); a->next = b->next = 0; free(a); free(b); }"),
    # steps of int fields and cells (data_steps)
    (FZ, "{ struct fz *a = malloc(sizeof *a); a->d = 0; a->d++; a->d = a->d - 3; if (a->d != -2) a->d += 2;"
         " int *c = malloc(sizeof(int)); *c = a->d; (*c)--; free(c); free(a); }"),
    ("static void fzbump(int *k) { (*k) += 2; }\n", "{ int k = 1; fzbump(&k); k++; if (k == 4) k--; }"),
]
TOKEN = re.compile(r'"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*|[A-Za-z_]\w*|\d[\w.]*|->|\+\+|--'
                   r'|<<=?|>>=?|[<>=!]=|&&|\|\||[-+*/%&|^]=|\.\.\.|##?|\S', re.S)
VOCAB = ["{", "}", "(", ")", ";", ",", "*", "&", "->", ".", "=", "==", "!", "?", ":", "[", "]", "#", "int", "struct",
         "union", "return", "if", "else", "while", "for", "goto", "break", "NULL", "0", "1", "free", "malloc",
         "sizeof", "void", "typedef", "static", "extern", "...", "\\", "\"", "'", "/*", "*/", "//", "@", "$", "`"]


@dataclasses.dataclass
class Case:
    """One fuzz case: what was done, the base program, the bytes of the file, and how it is put on disk."""

    desc: List[str]
    base: str
    data: bytes
    name: str = "prog.c"
    setup: str = "file"   # file, or one of PATH_KINDS, or unreadable


def corpus() -> List[str]:
    with open(os.path.join(CORPUS, "answers.txt")) as fh:
        slow = {line.split()[0] for line in fh if line.rstrip().endswith("slow")}
    return sorted(f for f in os.listdir(CORPUS) if f.endswith(".c") and f not in slow)


def make_case(seed: int, i: int) -> Case:
    rng = random.Random(f"{seed}:{i}")
    base = rng.choice(corpus())
    with open(os.path.join(CORPUS, base), encoding="utf-8") as fh:
        text = fh.read()
    case = Case([], base, b"")
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        what = rng.choices(["token", "line", "construct", "nest", "huge", "binary", "encoding", "path"],
                           [30, 18, 22, 8, 5, 7, 7, 3])[0]
        if what in ("binary", "encoding", "path"):   # the last mutation: on the file's bytes or its path
            case.data = text.encode("utf-8")
            return {"binary": binary, "encoding": encoding, "path": odd_path}[what](rng, case)
        text = {"token": token, "line": line, "construct": construct, "nest": nest, "huge": huge}[what](
            rng, text, case.desc)
    case.data = text.encode("utf-8")
    return case


def token(rng: random.Random, text: str, desc: List[str]) -> str:
    toks = [m for m in TOKEN.finditer(text) if not m.group().startswith(("/*", "//"))]
    t = rng.choice(toks)
    op = rng.choice(["delete", "duplicate", "swap", "replace"])
    if op == "swap":
        u = toks[min(toks.index(t) + 1, len(toks) - 1)]
        desc.append(f"token swap {t.group()!r} {u.group()!r} at {t.start()}")
        return text[:t.start()] + u.group() + text[t.end():u.start()] + t.group() + text[u.end():]
    new = {"delete": "", "duplicate": t.group() + " " + t.group(), "replace": rng.choice(VOCAB + [m.group() for m in toks])}[op]
    desc.append(f"token {op} {t.group()!r} at {t.start()}" + (f" by {new!r}" if op == "replace" else ""))
    return text[:t.start()] + new + text[t.end():]


def line(rng: random.Random, text: str, desc: List[str]) -> str:
    lines = text.split("\n")
    k, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.choice(["delete", "duplicate", "swap", "move"])
    desc.append(f"line {op} {k + 1}" + (f" {j + 1}" if op in ("swap", "move") else ""))
    if op == "delete":
        del lines[k]
    elif op == "duplicate":
        lines.insert(k, lines[k])
    elif op == "swap":
        lines[k], lines[j] = lines[j], lines[k]
    else:
        lines.insert(j, lines.pop(k))
    return "\n".join(lines)


def insert(rng: random.Random, text: str, top: str, stmt: str) -> str:
    """``top`` before the definition of main (else at the end), ``stmt`` after a line of main's body
    that ends a statement or opens a block."""
    lines = text.split("\n")
    m = next((n for n, s in enumerate(lines) if re.match(r"\s*int\s+main\b", s)), len(lines))
    body = [n for n in range(m + 1, len(lines)) if lines[n].rstrip().endswith((";", "{"))]
    if stmt:
        at = rng.choice(body) + 1 if body else len(lines)
        lines.insert(at, stmt)
    if top:
        lines.insert(m, top)
    return "\n".join(lines)


def construct(rng: random.Random, text: str, desc: List[str]) -> str:
    n = rng.randrange(len(CONSTRUCTS))
    desc.append(f"construct {n}")
    return insert(rng, text, *CONSTRUCTS[n])


def nest(rng: random.Random, text: str, desc: List[str]) -> str:
    n = rng.choice((50, 200, 300, 1000, 3000, 10000))
    kind = rng.choice(["if", "while", "block", "parens", "chain", "and", "elseif", "ternary", "not", "casts",
                       "arrows", "comma"])
    desc.append(f"nest {kind} {n}")
    stmt = {
        "if": f"if ({C}) {{\n" * n + "; " + "}\n" * n,
        "while": f"while ({C})\n" * n + ";",
        "block": "{" * n + "}" * n,
        "parens": "{ int fzv = " + "(" * n + "1" + ")" * n + "; }",
        "chain": "{ int fzv = 1; fzv = " + " + ".join(["fzv"] * n) + "; }",
        "and": "if (" + " && ".join([C] * n) + ") ;",
        "elseif": f"if ({C}) ;" + f" else if ({C}) ;\n" * n,
        "ternary": "{ int fzv = " + f"{C} ? 1 : " * n + "0; }",
        "not": "{ int fzv = " + "!" * n + C + "; }",
        "casts": "{ int fzv = " + "(int)" * n + "1; }",
        "arrows": "{ struct fz *fzp = malloc(sizeof(struct fz)); fzp->next = 0; if (fzp" + "->next" * n
                  + ") ; free(fzp); }",
        "comma": "{ int fzv = 0; fzv = (" + ", ".join(["fzv"] * n) + "); }",
    }[kind]
    return insert(rng, text, FZ if kind == "arrows" else "", stmt)


def huge(rng: random.Random, text: str, desc: List[str]) -> str:
    n = rng.choice((100, 500, 2000, 5000))
    kind = rng.choice(["straight", "heap", "chain", "fanout", "many", "locals", "fields", "longline", "globals"])
    desc.append(f"huge {kind} {n}")
    if kind == "straight":
        return insert(rng, text, "int fzhuge(void) { int s = 0;\n" + "s += 1;\n" * n + "return s; }\n", "fzhuge();")
    if kind == "heap":
        block = "{ struct fz *h = malloc(sizeof(struct fz)); h->next = 0; h->d = 1; free(h); }\n"
        return insert(rng, text, FZ + "void fzhuge(void) {\n" + block * n + "}\n", "fzhuge();")
    if kind == "chain":
        fns = "".join(f"void fzf{k}(void) {{ fzf{k + 1}(); }}\n" for k in range(n))
        return insert(rng, text, f"void fzf{n}(void) {{}}\n" + "".join(reversed(fns.splitlines(True))), "fzf0();")
    if kind == "fanout":   # 2**n calls once inlined
        fns = "".join(f"void fzf{k}(void) {{ fzf{k + 1}(); fzf{k + 1}(); }}\n" for k in range(n))
        return insert(rng, text, f"void fzf{n}(void) {{}}\n" + "".join(reversed(fns.splitlines(True))), "fzf0();")
    if kind == "many":
        fns = "".join(f"int fzg{k}(int x) {{ return x + {k}; }}\n" for k in range(n))
        return insert(rng, text, fns, " ".join(f"fzg{k}(1);" for k in range(n)))
    if kind == "locals":
        return insert(rng, text, FZ, "{ " + " ".join(f"struct fz *l{k} = 0;" for k in range(n)) + " }")
    if kind == "fields":
        fields = " ".join(f"struct fzw *f{k};" for k in range(n))
        return insert(rng, text, f"struct fzw {{ {fields} int d; }};\n",
                      "{ struct fzw *w = malloc(sizeof(struct fzw)); w->f7 = w; free(w); }")
    if kind == "longline":
        return insert(rng, text, "", "{ int fzv = 0; " + "fzv = fzv; " * n + "}")
    return insert(rng, text, FZ + "".join(f"struct fz *fzg{k};\n" for k in range(n)),
                  " ".join(f"fzg{k} = fzg{k + 1};" for k in range(n - 1)))


def binary(rng: random.Random, case: Case) -> Case:
    data = bytearray(case.data)
    kind = rng.choice(["nul", "random", "truncate", "allrandom", "empty", "highbytes"])
    at = rng.randrange(len(data) + 1)
    if kind == "nul":
        data[at:at] = b"\0" * rng.choice((1, 3))
    elif kind == "random":
        data[at:at] = rng.randbytes(rng.choice((1, 4, 16)))
    elif kind == "truncate":
        del data[at:]
    elif kind == "allrandom":
        data = bytearray(rng.randbytes(rng.choice((1, 100, 5000))))
    elif kind == "empty":
        data = bytearray()
    else:
        data[at:at] = b"\x80\xff\xfe\xc0"
    case.desc.append(f"bytes {kind} at {at}")
    case.data = bytes(data)
    return case


def encoding(rng: random.Random, case: Case) -> Case:
    text = case.data.decode("utf-8")
    kind = rng.choice(["bom", "latin1", "utf16le", "utf16be", "crlf", "cr", "utf8ident", "badutf8ident",
                       "continuation", "nonewline", "formfeed"])
    case.desc.append(f"encoding {kind}")
    latin = insert(rng, text, "/* caf\u00e9 na\u00efve */\n", 'printf("\u00e9t\u00e9");')
    case.data = {
        "bom": lambda: b"\xef\xbb\xbf" + text.encode(),
        "latin1": lambda: latin.encode("latin-1", "replace"),
        "utf16le": lambda: text.encode("utf-16"),
        "utf16be": lambda: b"\xfe\xff" + text.encode("utf-16-be"),
        "crlf": lambda: text.replace("\n", "\r\n").encode(),
        "cr": lambda: text.replace("\n", "\r").encode(),
        "utf8ident": lambda: insert(rng, text, "", "{ int \u00f1\u00e4 = 1; \u00f1\u00e4++; }").encode(),
        "badutf8ident": lambda: insert(rng, text, "", "{ int a\udcff = 1; }").encode("utf-8", "surrogateescape"),
        "continuation": lambda: text.replace(";\n", ";\\\n").encode(),
        "nonewline": lambda: text.rstrip("\n").encode(),
        "formfeed": lambda: text.replace("\n\n", "\n\f\v\n").encode(),
    }[kind]()
    return case


def odd_path(rng: random.Random, case: Case) -> Case:
    case.setup = rng.choice(PATH_KINDS + ("unreadable", "oddname", "suffix_i", "suffix_h"))
    case.desc.append(f"path {case.setup}")
    if case.setup == "oddname":
        case.name = rng.choice(["a b.c", "\u00e9t\u00e9.c", "x:1:2.c", "-dash.c", "semi;colon.c", "new\nline.c"])
    elif case.setup.startswith("suffix_"):
        case.name = "prog." + case.setup[-1]
    return case


def materialise(case: Case, d: str) -> str:
    """Put the case on disk under ``d``; return the path tvla verify is given."""
    p = os.path.join(d, case.name)
    if case.setup in ("dir", "nofiles"):
        os.makedirs(p)
        if case.setup == "dir":
            with open(os.path.join(p, "inner.c"), "wb") as fh:
                fh.write(case.data)
        return p
    if case.setup == "missing":
        return p
    if case.setup == "symlink":
        os.symlink(os.path.join(d, "gone.c"), p)
        return p
    if case.setup == "fifo":
        os.mkfifo(p)
        return p
    with open(p, "wb") as fh:
        fh.write(case.data)
    if case.setup == "unreadable":
        os.chmod(p, 0)
    return p


def run(p: str) -> Tuple[Optional[int], str, str, float]:
    """tvla verify on ``p`` in a process group of its own: (exit status or None for a hang, out, err, s)."""
    cmd = [sys.executable, "-m", "tvla", "verify", p, "--timeout", str(TIMEOUT), "--witness-states",
           str(WITNESS_STATES), "-j", "1", "--memory", "2048"]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, cwd=ROOT)
    try:
        out, err = proc.communicate(timeout=HANG)
        rc: Optional[int] = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        rc = None
    return rc, out.decode("utf-8", "replace"), err.decode("utf-8", "replace"), time.monotonic() - t0


def located(first: str, p: str, setup: str) -> bool:
    """Whether an error message starts with the case file (or a shipped header) and a line > 0 and a column."""
    if setup in PATH_KINDS and p in first:
        return True
    for where in (p, INCLUDE):
        m = re.match(r"[^\n]*?:(\d+):(\d+): \S", first[len(where):]) if first.startswith(where) else None
        if m:
            return int(m.group(1)) > 0
    return False


def first_line(out: str, err: str) -> str:
    """The message: a usage error is on stderr, a file's error on stdout (a file name may hold a newline)."""
    return err.strip() or out.strip()


def classify(rc: Optional[int], out: str, err: str, p: str, setup: str) -> str:
    if rc is None:
        return "hang"
    if "Traceback" in err:
        return "traceback"
    if rc == 70 or "internal error" in out + err:
        return "internal"
    if rc not in (0, 1, 2, 3) or "the analysis stopped (" in out + err:
        return "crash"
    if rc == 2 and not located(first_line(out, err), p, setup) or re.search(re.escape(p) + r":0\b", out + err):
        return "unlocated"
    return "ok"


def key(cls: str, rc: Optional[int], out: str, err: str, p: str) -> str:
    """The first line of the message (a traceback's last line and innermost frame), normalised."""
    lines = [s for s in err.splitlines() if s.strip()]
    if cls == "traceback":
        frames = [s.strip() for s in lines if s.strip().startswith("File ")]
        ours = [f for f in frames if "/tvla/" in f and "site-packages" not in f] or frames or [""]
        text = lines[-1] + " @ " + re.sub(r'File ".*/(tvla/\S+)", line \d+, in (\S+)', r"\1:\2", ours[-1])
    elif rc == 2:
        text = first_line(out, err).replace(p, "FILE").splitlines()[0]
    else:   # a verdict: the first reason of an unknown, without its position
        reason = re.search(r": unknown \((?:\S+:\d+:\d+: )?(.*)\)$", out, re.M)
        text = f"exit {rc}" + (f": {reason.group(1)}" if reason else "")
    text = text.replace(p, "FILE").replace(os.path.dirname(p), "DIR")
    text = re.sub(r"'[^']*'", "'_'", text)
    return re.sub(r"\d+", "N", text)[:160]


def run_case(case: Case) -> Tuple[str, str, Optional[int], str, str, float, str]:
    with tempfile.TemporaryDirectory(prefix="fuzz-c-") as d:
        p = materialise(case, d)
        rc, out, err, secs = run(p)
        cls = classify(rc, out, err, p, case.setup)
        if case.setup == "unreadable":
            os.chmod(p, 0o600)
        return cls, key(cls, rc, out, err, p), rc, out, err, secs, p


@click.group()
def cli() -> None:
    """Fuzz tvla verify with mutations of programs/c (see the module docstring)."""


@cli.command()
@click.option("--seed", type=int, required=True)
@click.option("--n", "count", type=int, required=True, help="Number of cases (ids 0..N-1).")
@click.option("--start", type=int, default=0, help="First case id (to resume a campaign).")
@click.option("--out", default=os.path.join(ROOT, "output", "fuzz_c"), show_default=True)
def campaign(seed: int, count: int, start: int, out: str) -> None:
    """Run cases START..N-1 of SEED; append results to OUT/results.jsonl, failing cases to OUT/fail."""
    os.makedirs(os.path.join(out, "fail"), exist_ok=True)
    classes: Counter = Counter()
    with open(os.path.join(out, "results.jsonl"), "a") as log:
        for i in range(start, count):
            case = make_case(seed, i)
            cls, k, rc, o, e, secs, p = run_case(case)
            classes[cls] += 1
            log.write(json.dumps({"seed": seed, "id": i, "class": cls, "key": k, "rc": rc, "seconds": round(secs, 2),
                                  "base": case.base, "mutation": case.desc}) + "\n")
            log.flush()
            if cls != "ok":
                stem = os.path.join(out, "fail", f"{seed}_{i}")
                with open(stem + os.path.splitext(case.name)[1], "wb") as fh:
                    fh.write(case.data)
                with open(stem + ".out", "w") as fh:
                    fh.write(f"{case.desc} on {case.base} ({case.setup})\nexit {rc}\n--- stdout\n{o}--- stderr\n{e}")
                click.echo(f"{i}: {cls}: {k}")
    click.echo(" ".join(f"{c}={n}" for c, n in sorted(classes.items())))


@cli.command()
@click.option("--seed", type=int, required=True)
@click.argument("case_id", type=int)
@click.option("--keep", default=None, help="Also write the case's file here.")
def replay(seed: int, case_id: int, keep: Optional[str]) -> None:
    """Rebuild case CASE_ID of SEED, print it (a diff against its program) and run it."""
    case = make_case(seed, case_id)
    click.echo(f"case {seed}:{case_id}: {case.desc} on {case.base} ({case.setup}, {case.name!r}, "
               f"{len(case.data)} bytes)")
    with open(os.path.join(CORPUS, case.base), encoding="utf-8") as fh:
        old = fh.read().splitlines()
    new = case.data.decode("utf-8", "replace").splitlines()
    diff = list(difflib.unified_diff(old, new, case.base, case.name, lineterm="", n=1))
    click.echo("\n".join(s[:200] for s in diff[:80]) + ("\n..." if len(diff) > 80 else ""))
    if keep:
        with open(keep, "wb") as fh:
            fh.write(case.data)
    cls, k, rc, out, err, secs, _ = run_case(case)
    click.echo(f"--- exit {rc} in {secs:.1f} s\n{out}{err}--- {cls}: {k}")


@cli.command()
@click.option("--out", default=os.path.join(ROOT, "output", "fuzz_c"), show_default=True)
@click.option("--seed", type=int, default=None, help="Only this campaign.")
def summary(out: str, seed: Optional[int]) -> None:
    """Counts per campaign and class, then per class and key."""
    with open(os.path.join(out, "results.jsonl")) as fh:
        rows = [r for r in map(json.loads, fh) if seed is None or r["seed"] == seed]
    names = ("ok", "unlocated", "traceback", "internal", "crash", "hang")
    click.echo(f"{'seed':>6} {'cases':>6} " + " ".join(f"{c:>9}" for c in names) + "   seconds")
    for s in sorted({r["seed"] for r in rows}):
        mine = [r for r in rows if r["seed"] == s]
        n = Counter(r["class"] for r in mine)
        click.echo(f"{s:>6} {len(mine):>6} " + " ".join(f"{n[c]:>9}" for c in names)
                   + f"   {sum(r['seconds'] for r in mine):.0f}")
    click.echo("")
    for (cls, k), n in sorted(Counter((r["class"], r["key"]) for r in rows).items(),
                              key=lambda kv: (kv[0][0] == "ok", -kv[1])):
        click.echo(f"{n:>6} {cls:<10} {k}")


if __name__ == "__main__":
    cli()
