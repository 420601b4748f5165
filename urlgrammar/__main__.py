"""``python -m urlgrammar`` runs the command line."""

from urlgrammar.cli import main

raise SystemExit(main())
