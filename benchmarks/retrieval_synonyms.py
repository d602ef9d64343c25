"""How a shop's synonyms are best applied: every vector-arm mode (off, append,
first, mean) with and without the keyword-arm expansion, on the corpora that carry
a synonyms.txt, at the shipped relevance policy. "off" without the keyword arm is
the search without synonyms.

    .venv/bin/python benchmarks/retrieval_synonyms.py [--corpus DIR ...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from retrieval_common import CORPORA, Runner, get_embedder, short
from retrieval_corpora import (
    corpus_summary,
    default_weigh,
    evaluate_corpus,
    load_corpus,
    make_decider,
)


def main() -> None:
    from django.conf import settings

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", type=Path, action="append", default=None)
    args = parser.parse_args()
    folders = args.corpus or sorted(p for p in CORPORA.iterdir() if (p / "synonyms.txt").is_file())
    corpora = [load_corpus(folder) for folder in folders]
    embedder_name = get_embedder().name
    decide = make_decider(embedder_name, {"calibrated": False}, {})
    k = settings.KNOWLEDGE_TOP_K
    for text in (False, True):
        for mode in ("off", "append", "first", "mean"):
            settings.KNOWLEDGE_SYNONYMS_TEXT = text
            settings.KNOWLEDGE_SYNONYMS_VECTOR = mode
            sums = []
            print(f"\nvector {mode}, keyword expansion {'on' if text else 'off'}")
            for c in corpora:
                runner = Runner(c.rows, scopes=c.scopes)
                cands = runner.gather(default_weigh(embedder_name), rerank=False)
                sm = corpus_summary(evaluate_corpus(c, k, cands, decide))
                sums.append(sm)
                print(f"  {c.name}: {short(sm)} · ranking {sm['ranking_hit1']:.3f}")
            keys = [key for key, value in sums[0].items() if isinstance(value, float)]
            mean = {key: sum(s[key] for s in sums) / len(sums) for key in keys}
            print(f"  mean: {short(mean)} · ranking {mean['ranking_hit1']:.3f}")


if __name__ == "__main__":
    main()
