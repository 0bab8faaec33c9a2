"""Loaded by scripts/test-api-fuzz (SCHEMATHESIS_HOOKS) before the run.

Hypothesis names each lambda filter by parsing its source. Some Python 3.11
releases (this machine's 3.11.7 among them) can leave the AST builder's depth
count wrong after one parse fails, and every parse after it then raises
SystemError ("AST constructor recursion depth mismatch", python/cpython#106905):
a fuzz run stopped once with a runtime error of its own, not an answer of
halfstar's. The name is only a description, so a lambda that cannot be
described is called "lambda".
"""

from hypothesis.internal import lambda_sources

_describe = lambda_sources.lambda_description


def _describe_or_not(f):
    try:
        return _describe(f)
    except SystemError:
        return "lambda"


lambda_sources.lambda_description = _describe_or_not
