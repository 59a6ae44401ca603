"""Draw a fresh split of ``trace_choice`` from M3CoT, LogicVista and RoLM, by the rule of its thirteenth to
forty-fifth splits (tests/data/trace_choice.README.md): per repository, in the order M3CoT, LogicVista, RoLM, the
candidates of all of its stored files ordered by the SHA-256 of the pointer (as text, in hex digest order), the first
*N* taken. A candidate is a pointer no label file uses (``source`` or ``gold_source``), whose record the corpus reader
follows, with a non-empty reply of at most 8,000 characters and a gold among its options; a reply whose question,
options and text equal a row's of the corpus (or one already drawn) is skipped as a repeat. Only pointers, prompts,
options, golds, lengths and hashes are read; nothing is printed of a reply.

    python tools/trace_choice_draw.py --mirror MIRROR [--replay fresh13|fresh14|fresh15|fresh16|fresh17|fresh18|fresh19|fresh20|fresh21|fresh22|fresh23|fresh24|fresh25|fresh26|fresh27|fresh28|fresh29|fresh30|fresh31|fresh32|fresh33|fresh34|fresh35|fresh36|fresh37|fresh38|fresh39|fresh40|fresh41|fresh42|fresh43|fresh44|fresh45] [--draw N --out pointers.json]

``--replay SPLIT`` draws that split again with its own exclusions (the label files without its rows, the corpus
rows before it) and says whether it gives back its pointers in row order; ``--draw N`` draws N per repository
after every row. The corpus text is read from ``$ANSWERBENCH_CORPORA`` (``tools/real_corpus.py build`` makes it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_corpus as R  # noqa: E402  (tools/, this script's folder)

#: repository -> (commit, folder of its run outputs); the order is the draw's
REPOS = {"LightChen233/M3CoT": ("ee50d5ac69661f81731d33647dd307d1f84eada5", "experiment/zero-shot/"),
         "Yijia-Xiao/LogicVista": ("e5795f17189ce1243231250af7d8c112ae2c5a57", "eval/answers/"),
         "CheongWoong/RoLM": ("e45b52067298d4e8951beaa6a37357a5b6db4a43", "results_shared/")}
#: the first row of each split drawn by this rule
FIRST = {"fresh13": 1716, "fresh14": 1866, "fresh15": 2016, "fresh16": 2166, "fresh17": 2316, "fresh18": 2466, "fresh19": 2616, "fresh20": 2766, "fresh21": 2916, "fresh22": 3066, "fresh23": 3216, "fresh24": 3366, "fresh25": 3516, "fresh26": 3666, "fresh27": 3816, "fresh28": 3966, "fresh29": 4116, "fresh30": 4266, "fresh31": 4416, "fresh32": 4566, "fresh33": 4716, "fresh34": 4866, "fresh35": 5016, "fresh36": 5166, "fresh37": 5316, "fresh38": 5466, "fresh39": 5616, "fresh40": 5766, "fresh41": 5916, "fresh42": 6066, "fresh43": 6216, "fresh44": 6366, "fresh45": 6516}
LONGEST = 8000


def _files(mirror: Path, repo: str) -> list[str]:
    """The run-output files the snapshot lists for ``repo`` (M3CoT's ``<model>/<prompt>.jsonl``, LogicVista's
    ``<model>-answers.json``, RoLM's Phi-3.5-vision-instruct ``<strategy>_raw_predictions.jsonl``)."""
    commit, under = REPOS[repo]
    gitdir = mirror / repo.replace("/", "+") / "repo"
    listed = subprocess.run(["git", "-C", str(gitdir), "ls-tree", "-r", "--name-only", commit, under],
                            capture_output=True, text=True, check=True).stdout.split()
    if repo.endswith("M3CoT"):
        return [p for p in listed if p.endswith(".jsonl") and p.count("/") == 3]
    if repo.endswith("LogicVista"):
        return [p for p in listed if p.endswith("-answers.json")]
    return [p for p in listed if "/Phi-3.5-vision-instruct/" in p and p.endswith("_raw_predictions.jsonl")]


def pointers(store: R.Mirror, mirror: Path, repo: str) -> list[str]:
    """Every record pointer of ``repo``'s stored files (a file the snapshot lists but does not store gives none)."""
    commit, _ = REPOS[repo]
    found: list[str] = []
    for path in _files(mirror, repo):
        base = f"{repo}@{commit}:{path}#"
        try:
            text = store.text(repo, commit, path)
        except R.Unreadable:
            continue
        if repo.endswith("M3CoT"):
            found += [base + f"L{i}" for i in range(1, len(text.splitlines()) + 1)]
        elif repo.endswith("LogicVista"):
            found += [base + key for key in store.parsed(repo, commit, path, "json")]
        else:
            for item in store.parsed(repo, commit, path, "jsonl"):
                if item:
                    found += [base + f"{item['id']}/{wording}" for wording in item["raw_predictions"]]
    return found


def _key(row: dict) -> tuple[str, str, str]:
    return row["question"], json.dumps(row["options"], sort_keys=True), row["response"]


def _eligible(store: R.Mirror, corpus: R.Corpus, pointer: str) -> dict | None:
    try:
        row = R.reader_for(corpus, pointer)(R.Record(store, pointer, {}))
    except (R.Unreadable, KeyError, TypeError, AttributeError, ValueError):
        return None
    reply = row.get("response")
    if not isinstance(reply, str) or not reply.strip() or len(reply) > LONGEST or row.get("gold") not in row["options"]:
        return None
    return row


def draw(mirror: Path, used: set[str], seen: set[tuple[str, str, str]], per_repo: int) -> tuple[list[str], list[str]]:
    """(the pointers drawn, the repeats skipped), ``per_repo`` from each repository in turn."""
    store, corpus = R.Mirror(mirror), R.corpus_named("trace_choice")
    drawn: list[str] = []
    skipped: list[str] = []
    for repo in REPOS:
        taken = 0
        for pointer in sorted((p for p in pointers(store, mirror, repo) if p not in used),
                              key=lambda p: hashlib.sha256(p.encode("utf-8")).hexdigest()):
            if taken == per_repo:
                break
            row = _eligible(store, corpus, pointer)
            if row is None:
                continue
            if _key(row) in seen:
                skipped.append(pointer)
                continue
            seen.add(_key(row))
            drawn.append(pointer)
            taken += 1
    return drawn, skipped


def used_pointers(but_split: str | None = None) -> set[str]:
    """Every ``source`` and ``gold_source`` of every label file (trace_choice's ``but_split`` rows left out)."""
    return {line[key] for path in sorted(R.LABELS.glob("*.labels.jsonl")) for line in R.read_jsonl(path)
            if not (but_split and path.name == "trace_choice.labels.jsonl" and line["split"] == but_split)
            for key in ("source", "gold_source") if key in line}


def replay(mirror: Path, split: str) -> tuple[bool, list[str], list[str]]:
    """Draw ``split`` again with its own exclusions: (equal to its rows' pointers in order, drawn, skipped)."""
    rows = R.load("trace_choice")
    first = FIRST[split]
    seen = {_key(row) for row in rows if int(row["id"].split("-")[1]) < first}
    mine = [row["source"] for row in rows if row["split"] == split]
    drawn, skipped = draw(mirror, used_pointers(but_split=split), seen, len(mine) // len(REPOS))
    return drawn == mine, drawn, skipped


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mirror", type=Path, required=True)
    ap.add_argument("--replay", choices=sorted(FIRST))
    ap.add_argument("--draw", type=int)
    ap.add_argument("--out", type=Path)
    args = ap.parse_args()
    if args.replay:
        equal, drawn, skipped = replay(args.mirror, args.replay)
        print(f"{args.replay}: {len(drawn)} drawn, {len(skipped)} repeats skipped, equal to its rows: {equal}")
        return 0 if equal else 1
    if args.draw:
        seen = {_key(row) for row in R.load("trace_choice")}
        drawn, skipped = draw(args.mirror, used_pointers(), seen, args.draw)
        if args.out:
            args.out.write_text(json.dumps({"drawn": drawn, "skipped": skipped}, indent=0), encoding="utf-8")
        print(f"{len(drawn)} drawn, {len(skipped)} repeats skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
