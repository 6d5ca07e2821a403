"""`python -m yimao …` runs the command line, as the `yimao` script does."""

from .cli import main

raise SystemExit(main())
