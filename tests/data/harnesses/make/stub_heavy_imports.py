"""Scratch only (fixture writers, never the package): empty stand-ins for modules the harness writers import but
never call (torch, transformers, ...), so their loggers run without those installs."""
import importlib.abc, importlib.machinery, sys, types
HEAVY = ("torch", "transformers", "sacrebleu", "rouge_score", "sklearn", "nltk", "sentencepiece", "scipy", "spacy",
         "accelerate", "langdetect", "math_verify", "aenum", "pydantic_settings", "inspect_ai", "cv2", "matplotlib")


class _Thing:
    def __init__(self, *a, **k):
        pass
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Thing()
    def __call__(self, *a, **k):
        return _Thing()
    def __bool__(self):
        return False
    def __mro_entries__(self, bases):
        return (object,)
    def __getitem__(self, item):
        return _Thing()
    def __iter__(self):
        return iter(())


class _Any(types.ModuleType):
    __path__ = []
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        # Capitalised names are classes (isinstance(obj, torch.Tensor) must work); the rest are anything.
        return type(name, (), {}) if name[:1].isupper() else _Thing()


class Finder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in HEAVY:
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
    def create_module(self, spec):
        return _Any(spec.name)
    def exec_module(self, module):
        pass


sys.meta_path.insert(0, Finder())
