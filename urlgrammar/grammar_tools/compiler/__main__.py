"""``python -m urlgrammar.grammar_tools.compiler``: write :mod:`urlgrammar.syntax.compiled`."""

from urlgrammar.grammar_tools.compiler.generate import main

if __name__ == "__main__":
    raise SystemExit(main())
