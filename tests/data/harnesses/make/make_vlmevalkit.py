"""Write the VLMEvalKit fixtures with the pandas calls of VLMEvalKit's ``dump`` (vlmeval/smp/file.py e8e78f0).

    /tmp/h-lmeval/bin/pip install pandas xlsxwriter
    /tmp/h-lmeval/bin/python tests/data/harnesses/make/make_vlmevalkit.py tests/data/harnesses

``dump_xlsx``: ``pd.ExcelWriter(f, engine='xlsxwriter', engine_kwargs={'options': {'strings_to_formulas':
False}})`` then ``data.to_excel(writer, index=False)``; ``dump_tsv``: ``data.to_csv(f, sep='\\t', index=False,
encoding='utf-8', quoting=csv.QUOTE_ALL)``. The rows are the first rows of benchmarks/vmcbench_dev/sample.jsonl,
named as ``get_pred_file_path`` names them: ``{model}_{dataset}.xlsx``.
"""

import csv
import json
import sys
from pathlib import Path

import pandas as pd

OUT = Path(sys.argv[1])
root = Path(__file__).resolve().parents[4]
sample = root / "benchmarks" / "vmcbench_dev" / "sample.jsonl"
rows = [json.loads(line) for line in sample.read_text().splitlines()[:4]]
data = pd.DataFrame(rows)
with pd.ExcelWriter(OUT / "Qwen2-VL-7B_VMCBench_DEV.xlsx", engine="xlsxwriter",
                    engine_kwargs={"options": {"strings_to_formulas": False}}) as writer:
    data.to_excel(writer, index=False)
data.to_csv(OUT / "Qwen2-VL-7B_VMCBench_DEV.tsv", sep="\t", index=False, encoding="utf-8", quoting=csv.QUOTE_ALL)
