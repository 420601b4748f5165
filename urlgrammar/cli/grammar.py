"""``urlgrammar grammar``: its subcommands ``check`` and ``diagram``.

Their work is in :mod:`urlgrammar.grammar_tools.check`, which builds the grammars with Lark; it
is imported when one of them runs, so that the other subcommands start without Lark.
"""

from __future__ import annotations

import argparse
import sys


def _cmd_check(args: argparse.Namespace) -> int:
    from urlgrammar.grammar_tools.check import run_check

    return run_check(sys.stdout)


def _cmd_diagram(args: argparse.Namespace) -> int:
    from urlgrammar.grammar_tools.check import write_diagrams

    return write_diagrams(args.output)


def register(grammar: argparse.ArgumentParser) -> None:
    """The ``grammar`` subcommand's own subcommands, ``check`` and ``diagram``."""
    grammar.description = "Tools for the grammar files (grammars/*.lark)."
    sub = grammar.add_subparsers(dest="grammar_command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="check the grammars' claims (exit status 1 if one fails)",
                           description="Build every grammar in Lark's strict LALR(1) mode, find "
                                       "rules and terminals no grammar uses, check that the "
                                       "lenient reading is total and that each strict IP "
                                       "address rule accepts only what its lenient rule "
                                       "accepts. One line per check; exit status 0 only when "
                                       "all hold. Terminal collisions are checked only with "
                                       "the `grammar` extra (interegular).")
    check.set_defaults(run=_cmd_check)
    diagram = sub.add_parser("diagram", help="write railroad diagrams of every rule as one HTML page",
                             description="Draw every rule and terminal of every grammar file as a "
                                         "railroad diagram, in one self-contained HTML page. "
                                         "Needs the `diagrams` extra (railroad-diagrams).")
    diagram.add_argument("-o", "--output", default="grammars.html", metavar="FILE",
                         help="where to write the page (default: grammars.html); - for standard "
                              "output (./- for a file named -)")
    diagram.set_defaults(run=_cmd_diagram)
