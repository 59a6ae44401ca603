"""Write the lm-eval, lmms-eval and lighteval fixtures with those projects' own writers (scratch venv).

    python -m venv /tmp/h-lmeval
    /tmp/h-lmeval/bin/pip install --no-deps lm_eval lighteval lmms_eval
    /tmp/h-lmeval/bin/pip install datasets requests jinja2 gitpython pytablewriter rich termcolor typer \
        pycountry loguru "latex2sympy2_extended==1.0.6" sympy
    /tmp/h-lmeval/bin/python tests/data/harnesses/make/make_lm_eval.py tests/data/harnesses \
        tests/data/harnesses/make/stub_heavy_imports.py

The second argument is a scratch import hook giving empty stand-ins for modules these writers import but never
call (torch, transformers, sacrebleu, ...); it is not part of the project. The sample dicts are built exactly
as each evaluator builds them (lm_eval/evaluator.py `example`, lmms_eval/evaluator.py `example`,
lighteval `DetailsLogger.log(doc, model_response, metrics)`), then each project's own tracker writes them.
"""

import json
import runpy
import shutil
import sys
import tempfile
from pathlib import Path

OUT = Path(sys.argv[1]).resolve()
runpy.run_path(sys.argv[2])  # the scratch stand-ins for torch & co.

from lm_eval.loggers.evaluation_tracker import EvaluationTracker as LmTracker  # noqa: E402
from lm_eval.utils import hash_string  # noqa: E402

GSM = [
    # (question, solution target, responses, {filter: (filtered answer, exact_match)})
    ("Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many "
     "clips did Natalia sell altogether in April and May?",
     "Natalia sold 48/2 = <<48/2=24>>24 clips in May.\nNatalia sold 48+24 = <<48+24=72>>72 clips altogether in "
     "April and May.\n#### 72",
     ["Natalia sold 48 / 2 = 24 clips in May, so 48 + 24 = 72 in all.\n#### 72"],
     {"strict-match": ("72", 1.0), "flexible-extract": ("72", 1.0)}),
    # lm-eval's exact_match says 0 for "10.00" against "10"; the number is right.
    ("Weng earns $12 an hour for babysitting. Yesterday, she just did 50 minutes of babysitting. How much did "
     "she earn?",
     "Weng earns 12/60 = $<<12/60=0.2>>0.2 per minute.\nWorking 50 minutes, she earned 0.2 x 50 = "
     "$<<0.2*50=10>>10.\n#### 10",
     ["She earns 12 / 60 = 0.2 dollars a minute, and 0.2 * 50 = 10.00.\n#### 10.00"],
     {"strict-match": ("10.00", 0.0), "flexible-extract": ("10.00", 0.0)}),
    # repeats: 3 (several sampled responses for one question); take_first keeps the first.
    ("James writes a 3-page letter to 2 different friends twice a week. How many pages does he write a year?",
     "He writes each friend 3*2=<<3*2=6>>6 pages a week\nSo he writes 6*2=<<6*2=12>>12 pages every week\nThat "
     "means he writes 12*52=<<12*52=624>>624 pages a year\n#### 624",
     ["3 * 2 * 2 = 12 pages a week, 12 * 52 = 624.\n#### 624",
      "3 * 2 = 6 pages a week, 6 * 52 = 312.\n#### 312",
      "Each week 12 pages; a year is 52 weeks: 624.\n#### 624"],
     {"strict-match": ("624", 1.0), "flexible-extract": ("624", 1.0)}),
]
MMLU = [
    # (question, choices, answer index, loglikelihoods, subject)
    ("Which planet is known as the Red Planet?", ["Venus", "Mars", "Jupiter", "Saturn"], 1,
     [-4.1, -0.3, -3.2, -5.0], "astronomy"),
    ("What is the chemical symbol for gold?", ["Ag", "Gd", "Au", "Go"], 2, [-0.9, -3.3, -1.4, -4.2], "chemistry"),
]
PROMPT = "Question: {q}\nAnswer:"
MC_PROMPT = "{q}\nA. {c[0]}\nB. {c[1]}\nC. {c[2]}\nD. {c[3]}\nAnswer:"
GEN_KWARGS = {"until": ["Question:", "</s>", "<|im_end|>"], "do_sample": False, "temperature": 0.0}


def lm_eval_samples():
    """The `example` dicts lm_eval/evaluator.py logs, filter by filter (the file has one line per doc per filter)."""
    gsm = []
    for filter_key in ("strict-match", "flexible-extract"):
        for doc_id, (q, target, resps, by_filter) in enumerate(GSM):
            doc = {"question": q, "answer": target}
            args = (PROMPT.format(q=q), dict(GEN_KWARGS))
            gsm.append({
                "doc_id": doc_id, "doc": doc, "target": target, "arguments": [args], "resps": [resps],
                "filtered_resps": [by_filter[filter_key][0]], "filter": filter_key, "metrics": ["exact_match"],
                "doc_hash": hash_string(json.dumps(doc, indent=2, ensure_ascii=False)),
                "prompt_hash": hash_string(args[0]), "target_hash": hash_string(str(target)),
                "exact_match": by_filter[filter_key][1],
            })
    mmlu = []
    for doc_id, (q, choices, answer, lls, subject) in enumerate(MMLU):
        doc = {"question": q, "subject": subject, "choices": choices, "answer": answer}
        ctx = MC_PROMPT.format(q=q, c=choices)
        pred = max(range(len(lls)), key=lambda i: lls[i])
        mmlu.append({
            "doc_id": doc_id, "doc": doc, "target": answer,
            "arguments": [(ctx, f" {letter}") for letter in "ABCD"],
            "resps": [[(ll, False)] for ll in lls], "filtered_resps": [(ll, False) for ll in lls],
            "filter": "none", "metrics": ["acc"],
            "doc_hash": hash_string(json.dumps(doc, indent=2, ensure_ascii=False)),
            "prompt_hash": hash_string(ctx), "target_hash": hash_string(str(answer)),
            "acc": 1.0 if pred == answer else 0.0,
        })
    return gsm, mmlu


def write_lm_eval():
    with tempfile.TemporaryDirectory() as tmp:
        tracker = LmTracker(output_path=tmp)
        tracker.general_config_tracker.model_name_sanitized = "model"
        tracker.date_id = "2026-11-27T21-00-00.000000"
        gsm, mmlu = lm_eval_samples()
        tracker.save_results_samples("gsm8k", gsm)
        tracker.save_results_samples("mmlu_astronomy", mmlu)
        for name in ("gsm8k", "mmlu_astronomy"):
            src = Path(tmp) / "model" / f"samples_{name}_{tracker.date_id}.jsonl"
            shutil.copy(src, OUT / f"samples_{name}_2026-11-27T21-00-00.000000.jsonl")


def write_lmms_eval():
    from lmms_eval.loggers.evaluation_tracker import EvaluationTracker as LmmsTracker
    from lmms_eval.utils import hash_string as lmms_hash

    samples = []
    for doc_id, (q, target, resps, by_filter) in enumerate(GSM):
        doc = {"question": q, "answer": target}
        samples.append({
            "doc_id": doc_id, "doc": doc, "target": target.split("#### ")[-1],
            "arguments": [PROMPT.format(q=q), dict(GEN_KWARGS)],
            "resps": [resps], "filtered_resps": [by_filter["flexible-extract"][0]], "token_counts": [None],
            "doc_hash": lmms_hash(json.dumps(doc, indent=2, ensure_ascii=False)),
            "exact_match": by_filter["flexible-extract"][1],
        })
    with tempfile.TemporaryDirectory() as tmp:
        tracker = LmmsTracker(output_path=tmp)
        tracker.general_config_tracker.model_name_sanitized = "model"
        tracker.date_id = "20261127_210000"
        tracker.save_results_samples("mathvista_testmini", samples)
        src = Path(tmp) / "model" / f"{tracker.date_id}_samples_mathvista_testmini.jsonl"
        shutil.copy(src, OUT / src.name)


class _ModelConfig:
    """The one method lighteval's results writer calls on a model config."""

    def model_dump(self):
        return {"model_name": "model"}


def write_lighteval():
    from lighteval.logging.evaluation_tracker import EvaluationTracker as LtTracker
    from lighteval.models.model_output import ModelResponse
    from lighteval.tasks.requests import Doc

    with tempfile.TemporaryDirectory() as tmp:
        tracker = LtTracker(output_dir=tmp, save_details=True)
        tracker.general_config_logger.model_name = "model"
        tracker.general_config_logger.model_config = _ModelConfig()
        for q, target, resps, by_filter in GSM:
            gold = target.split("#### ")[-1]
            doc = Doc(query=PROMPT.format(q=q), choices=[gold], gold_index=0, task_name="gsm8k|0",
                      id=str(len(tracker.details_logger.details["gsm8k|0"])))
            response = ModelResponse(input=doc.query, text=list(resps), input_tokens=[1, 2, 3])
            tracker.details_logger.log("gsm8k|0", doc, response, {"extractive_match": by_filter["strict-match"][1]})
        for q, choices, answer, lls, subject in MMLU:
            doc = Doc(query=MC_PROMPT.format(q=q, c=choices), choices=[" A", " B", " C", " D"], gold_index=answer,
                      task_name="mmlu:astronomy|0", specific={"subject": subject})
            pred = max(range(len(lls)), key=lambda i: lls[i])
            response = ModelResponse(logprobs=lls, argmax_logits_eq_gold=[i == answer for i in range(4)],
                                     input_tokens=[1, 2, 3])
            tracker.details_logger.log("mmlu:astronomy|0", doc, response, {"acc": float(pred == answer)})
        tracker.save()
        for path in Path(tmp).rglob("details_*.parquet"):
            # The date is the run's own; the task name's "|" and ":" are kept out of the fixture's file name.
            task = path.stem[len("details_"):].rsplit("_", 1)[0]
            shutil.copy(path, OUT / f"details_{task.replace('|', '_').replace(':', '_')}_2026-11-27T21-00-00.parquet")


def write_lighteval_before_0_10():
    """lighteval before the June 2025 rework (commit 9288bd84^): flat `Detail` columns (`predictions`, `gold`,
    `metrics`). That version's package cannot be imported beside the current one, so the rows follow its
    `Detail` dataclass field by field and go through the same `datasets` calls its tracker makes."""
    from datasets import Dataset

    defaults = {"example": "", "instruction": "", "full_prompt": "", "num_effective_few_shots": 0,
                "num_asked_few_shots": 0, "predictions": [], "prediction_logits": [], "input_tokens": [],
                "cont_tokens": [], "truncated": [], "padded": [], "gold": [], "pred_logits": [], "choices": [],
                "gold_index": [], "metrics": {}, "specifics": {}}
    rows = []
    for q, target, resps, by_filter in GSM:
        rows.append({**defaults, "example": q, "full_prompt": PROMPT.format(q=q), "predictions": list(resps),
                     "gold": [target.split("#### ")[-1]], "truncated": [0], "padded": [0],
                     "metrics": {"extractive_match": by_filter["strict-match"][1]}, "specifics": {"source": "gsm8k"}})
    dataset = Dataset.from_list(rows)
    dataset = dataset.select_columns(sorted(dataset.column_names))
    dataset.to_parquet(str(OUT / "details_lighteval_gsm8k_0_2024-05-01T10-00-00.parquet"))


write_lm_eval()
write_lmms_eval()
write_lighteval()
write_lighteval_before_0_10()
