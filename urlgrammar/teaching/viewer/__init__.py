"""The live viewer: ``urlgrammar serve`` and ``urlgrammar explain --format html``.

- :mod:`.page`: the page's assets (``static/``: the HTML, the script, the stylesheet), the
  self-contained page for one input, and the Content-Security-Policy of each;
- :mod:`.workers`: the processes that explain an input within a time limit;
- :mod:`.server`: the HTTP server (the standard library's ``http.server``);
- :mod:`.command`: the ``serve`` subcommand.

Everything the page shows comes from :func:`urlgrammar.teaching.facts.explain_json`, which is
also what ``urlgrammar explain --json`` prints.
"""
