"""The live viewer's page: :mod:`.page`, its assets (``static/``: the HTML, the script, the
stylesheet), the self-contained page for one input (``urlgrammar explain --format html``), and
the Content-Security-Policy of each.

Everything the page shows comes from :func:`urlgrammar.teaching.facts.explain_json`, which is
also what ``urlgrammar explain --json`` prints. The server that serves it, ``urlgrammar
serve``, is an application of this page (:mod:`urlgrammar.cli.serve`).
"""
