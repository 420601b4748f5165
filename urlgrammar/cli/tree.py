"""``urlgrammar tree``: the Lark parse tree of INPUT, after preprocessing."""

from __future__ import annotations

import argparse

from urlgrammar.cli.arguments import text
from urlgrammar.cli.display import show
from urlgrammar.errors import escape
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
    pretty = tree_parser(mode.grammar).parse(pre.text, start="url").pretty().rstrip()
    # Tokens are the input's text, which may hold ESC or bidi controls: escaped as messages
    # quote input. A tab is Lark's, between a rule and its token: preprocessing removed the
    # input's.
    print("\n".join("\t".join(map(escape, line.split("\t"))) for line in pretty.split("\n")))
    return 0


def register(tree: argparse.ArgumentParser) -> None:
    """The ``tree`` subcommand's arguments."""
    tree.description = ("Print the parse tree the grammar gives INPUT, after preprocessing. The "
                        "mode defaults to the one the input's scheme selects.")
    tree.add_argument("input", metavar="INPUT", type=text)
    tree.add_argument("--mode", choices=sorted(MODES), help="which grammar to use")
    tree.set_defaults(run=cmd_tree)
