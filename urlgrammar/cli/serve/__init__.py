"""``urlgrammar serve``: the live viewer's application.

- :mod:`.command`: the ``serve`` subcommand;
- :mod:`.server`: the HTTP server (the standard library's ``http.server`` request handler);
- :mod:`.connections`: the loop that reads request heads and sends answers, within limits;
- :mod:`.workers`: the processes that explain an input within a time limit.

The page it serves, its assets and their policies are teaching's
(:mod:`urlgrammar.teaching.viewer.page`), which ``urlgrammar explain --format html`` writes
too; everything the page shows comes from :func:`urlgrammar.teaching.facts.explain_json`.
"""
