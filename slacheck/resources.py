"""Access to the data files shipped inside the package (grammar/ and rules/)."""

from importlib import resources
from importlib.resources.abc import Traversable


def grammar_file(name: str) -> Traversable:
    """A file of grammar/, e.g. ``grammar_file("facts.lark")``."""
    return resources.files("slacheck.grammar").joinpath(name)


def rules_file(name: str) -> Traversable:
    """A file of rules/, e.g. ``rules_file("catalogue.toml")``."""
    return resources.files("slacheck.builtin_rules").joinpath(name)
