"""`python -m slacheck`."""

from slacheck.cli import script

script()
