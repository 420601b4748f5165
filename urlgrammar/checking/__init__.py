"""Checking URL strings: the standard's validation errors, the writing grammar and the
advisories, in :func:`~urlgrammar.checking.validate.validate`'s report. The ``check`` command
that reports them is an application of it (:mod:`urlgrammar.cli.check`)."""
