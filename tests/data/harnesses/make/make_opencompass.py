"""Write the OpenCompass fixtures with OpenCompass's own output handlers (scratch venv with opencompass installed).

    /tmp/h-lmeval/bin/pip install --no-deps opencompass mmengine-lite
    /tmp/h-lmeval/bin/python tests/data/harnesses/make/make_opencompass.py tests/data/harnesses \
        tests/data/harnesses/make/stub_heavy_imports.py

Only `opencompass/openicl/icl_inferencer/icl_base_inferencer.py` is loaded (its package `__init__` pulls in
torch and every model wrapper); its relative imports get empty stand-ins, its output handlers run as shipped.
Rows: `GenInferencerOutputHandler.save_results` (gsm8k-style, one row with num_return_sequences=3, so its
`prediction` is a list) and `PPLInferencerOutputHandler` (a multiple-choice row per label). The results file
follows `OpenICLEvalTask._save_results` (mmengine.dump, indent 4) of `BaseEvaluator.evaluate`'s output for
n=1: `details` is a list, each entry's fields flattened to lists (icl_base_evaluator.py).
"""

import importlib.util
import json
import runpy
import sys
import types
from pathlib import Path

OUT = Path(sys.argv[1]).resolve()
runpy.run_path(sys.argv[2])  # torch's DataLoader stand-in

root = Path(importlib.util.find_spec("opencompass").submodule_search_locations[0])
for name in ("mmengine.dist", "opencompass.utils", "opencompass.openicl.icl_prompt_template",
             "opencompass.openicl.icl_retriever"):
    stub = types.ModuleType(name)
    stub.get_logger = stub.PromptTemplate = stub.BaseRetriever = object
    stub.is_main_process = lambda: True
    sys.modules[name] = stub
spec = importlib.util.spec_from_file_location(
    "opencompass.openicl.icl_inferencer.icl_base_inferencer",
    root / "openicl" / "icl_inferencer" / "icl_base_inferencer.py")
base = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = base
spec.loader.exec_module(base)

ROWS = [
    ("Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. How many "
     "clips did Natalia sell altogether in April and May?", "72",
     "Natalia sold 48 / 2 = 24 clips in May, so 48 + 24 = 72 in all.\nThe answer is 72"),
    # The results file below has the evaluator take the first number of "\frac{1}{2}" (1) and mark it wrong.
    ("A fair coin is tossed once. What is the probability that it shows heads? Give a fraction.", "1/2",
     "One of two equally likely outcomes, so the answer is \\frac{1}{2}"),
    ("James writes a 3-page letter to 2 different friends twice a week. How many pages does he write a year?", "624",
     ["3 * 2 * 2 = 12 pages a week, 12 * 52 = 624.\nThe answer is 624",
      "3 * 2 = 6 pages a week, 6 * 52 = 312.\nThe answer is 312",
      "Each week 12 pages; a year is 52 weeks: 624.\nThe answer is 624"]),
]
gen = base.GenInferencerOutputHandler()
for idx, (q, gold, prediction) in enumerate(ROWS):
    prompt = [{"role": "HUMAN", "prompt": f"Question: {q}\nLet's think step by step\nAnswer:"}]
    gen.save_results(prompt, prediction, idx, gold=gold)
gen.write_to_json(str(OUT), "opencompass_gsm8k.json")

MC = [("Which planet is known as the Red Planet?", ["Venus", "Mars", "Jupiter", "Saturn"], "B", [4.1, 1.3, 3.2, 5.0]),
      ("What is the chemical symbol for gold?", ["Ag", "Gd", "Au", "Go"], "C", [1.9, 3.3, 2.4, 4.2])]
ppl = base.PPLInferencerOutputHandler()
predictions, golds = [], []
for idx, (q, options, gold, ppls) in enumerate(MC):
    text = q + "".join(f"\n{letter}. {option}" for letter, option in zip("ABCD", options)) + "\nAnswer:"
    for letter, value in zip("ABCD", ppls):
        ppl.save_prompt_and_ppl(letter, text, f"{text} {letter}", value, idx)
    predictions.append("ABCD"[min(range(4), key=lambda i: ppls[i])])
    golds.append(gold)
ppl.save_predictions(predictions)
ppl.save_golds(golds)
ppl.write_to_json(str(OUT), "opencompass_mmlu.json")

# The results file of the gsm8k run: `details` as BaseEvaluator.evaluate leaves it for n=1.
details = []
verdicts = [("72", True), ("1", False), ("624", True)]  # the evaluator's extracted number and its verdict
for idx, ((q, gold, prediction), (pred, correct)) in enumerate(zip(ROWS, verdicts)):
    details.append({"example_abbr": f"gsm8k_{idx}", "pred": [pred], "answer": [gold], "correct": [correct]})
result = {"accuracy": 100 * sum(c for _, c in verdicts) / len(verdicts), "details": details}
base.dump_results_dict(result, OUT / "opencompass_results_gsm8k.json")
