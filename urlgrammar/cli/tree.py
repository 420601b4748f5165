"""``urlgrammar tree``: the Lark parse tree of INPUT, after preprocessing."""

from __future__ import annotations

import argparse

from urlgrammar.cli.arguments import text
from urlgrammar.cli.display import show
from urlgrammar.model.schemes import Mode
from urlgrammar.syntax.grammars import mode_for, tree_parser
from urlgrammar.syntax.preprocess import preprocess

MODES = {"generic": Mode.GENERIC, "special": Mode.SPECIAL, "file": Mode.FILE}


def cmd_tree(args: argparse.Namespace) -> int:
    pre = preprocess(args.input)
    mode = MODES[args.mode] if args.mode else mode_for(pre.text)
    if pre.text != pre.original:
        print(f"# preprocessed to {show(pre.text)} (trimmed and tab/newline removed)")
    print(f"# {mode.name.lower()} mode ({mode.grammar}.lark)")
    print(tree_parser(mode.grammar).parse(pre.text, start="url").pretty().rstrip())
    return 0


def register(tree: argparse.ArgumentParser) -> None:
    """The ``tree`` subcommand's arguments."""
    tree.description = ("Print the parse tree the grammar gives INPUT, after preprocessing. The "
                        "mode defaults to the one the input's scheme selects.")
    tree.add_argument("input", metavar="INPUT", type=text)
    tree.add_argument("--mode", choices=sorted(MODES), help="which grammar to use")
    tree.set_defaults(run=cmd_tree)
