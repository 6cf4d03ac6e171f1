"""`python -m slacheck`."""

import sys

from slacheck.cli import main

sys.exit(main())
