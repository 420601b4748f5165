"""``urlgrammar check``: the command (:mod:`.command`), where its inputs come from
(:mod:`.sources`, :mod:`.html`), how they are checked in order, here or in worker processes
(:mod:`.parallel`), and what it writes (:mod:`.formats`, :mod:`.text`, :mod:`.sarif`).

It is an application of :func:`urlgrammar.validate`, which knows nothing of it."""
