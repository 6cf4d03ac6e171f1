"""Lark grammars of slacheck (data; installed as slacheck.grammar)."""
