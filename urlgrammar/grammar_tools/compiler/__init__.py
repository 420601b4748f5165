"""The grammar compiler: each compiled start rule as one pattern and a builder that lifts it.

Build time, apart from run time. The compiler reads a grammar's rules as nodes
(:mod:`urlgrammar.grammar_tools.compiler.ebnf`), checks that a pattern reads the tokens the
LALR lexer would (:mod:`~urlgrammar.grammar_tools.compiler.order`), compiles each start rule
(:mod:`~urlgrammar.grammar_tools.compiler.regular`, with the builders
:mod:`~urlgrammar.grammar_tools.compiler.builder` writes) and writes the result
(:mod:`~urlgrammar.grammar_tools.compiler.generate`) as :mod:`urlgrammar.syntax.compiled`,
generated code that the parsers load. Nothing here runs when a URL is parsed, and no run-time
module imports it (``tests/suite/test_layers.py`` checks that). Run it after editing a grammar file,
the lift's recipes or the list of start rules: ``python -m urlgrammar.grammar_tools.compiler``.
"""
