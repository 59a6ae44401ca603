"""Write the inspect_ai fixtures with inspect_ai's own log writer (run in a scratch venv with inspect_ai installed).

    python -m venv /tmp/h-inspect && /tmp/h-inspect/bin/pip install inspect_ai
    /tmp/h-inspect/bin/python tests/data/harnesses/make/make_inspect.py tests/data/harnesses

Rows: two maths samples (one where inspect's `match` scorer says I and the answer is right: 1/2 against 0.5),
one maths sample run for two epochs (two responses), and two multiple-choice samples scored by `choice`.
"""

import sys
from pathlib import Path

from inspect_ai.log import EvalConfig, EvalDataset, EvalLog, EvalResults, EvalSample, EvalSpec, write_eval_log
from inspect_ai.model import ChatMessageAssistant, ChatMessageUser, ModelOutput
from inspect_ai.scorer import Score

OUT = Path(sys.argv[1])


def sample(sid, epoch, question, target, reply, value, scorer, answer, choices=None, metadata=None):
    return EvalSample(
        id=sid, epoch=epoch, input=question, target=target, choices=choices,
        messages=[ChatMessageUser(content=question), ChatMessageAssistant(content=reply, model="mockllm/model")],
        output=ModelOutput.from_content(model="mockllm/model", content=reply),
        scores={scorer: Score(value=value, answer=answer)},
        metadata=metadata or {},
    )


def log(task, samples, epochs):
    spec = EvalSpec(created="2026-11-27T21:00:00+00:00", task=task,
                    dataset=EvalDataset(name=task, samples=len(samples)), model="mockllm/model",
                    config=EvalConfig(epochs=epochs))
    return EvalLog(eval=spec, status="success", samples=samples, results=EvalResults(total_samples=len(samples)))


maths = [
    sample(1, 1, "Natalia sold clips to 48 of her friends in April, and then she sold half as many clips in May. "
           "How many clips did Natalia sell altogether in April and May?", "72",
           "In May she sold 48 / 2 = 24 clips, so 48 + 24 = 72.\nANSWER: 72", "C", "match", "72",
           metadata={"level": 1}),
    sample(2, 1, "A fair coin is tossed once. What is the probability that it shows heads?", "0.5",
           "One of two equally likely outcomes.\nANSWER: 1/2", "I", "match", "1/2", metadata={"level": 1}),
    sample(3, 1, "What is 7 * 8?", "56", "7 * 8 = 56\nANSWER: 56", "C", "match", "56", metadata={"level": 0}),
    sample(3, 2, "What is 7 * 8?", "56", "7 * 8 = 54\nANSWER: 54", "I", "match", "54", metadata={"level": 0}),
]
mcq = [
    sample("mmlu-1", 1, "Which planet is known as the Red Planet?", "B", "ANSWER: B", "C", "choice", "B",
           choices=["Venus", "Mars", "Jupiter", "Saturn"], metadata={"subject": "astronomy"}),
    sample("mmlu-2", 1, "What is the chemical symbol for gold?", "C", "ANSWER: A", "I", "choice", "A",
           choices=["Ag", "Gd", "Au", "Go"], metadata={"subject": "chemistry"}),
]
write_eval_log(log("gsm8k_like", maths, 2), str(OUT / "inspect_gsm8k.eval"), format="eval")
write_eval_log(log("gsm8k_like", maths, 2), str(OUT / "inspect_gsm8k.json"), format="json")
write_eval_log(log("mmlu_like", mcq, 1), str(OUT / "inspect_mmlu.eval"), format="eval")
