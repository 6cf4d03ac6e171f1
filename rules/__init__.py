"""The built-in rule pack and hardware catalogue (data; installed as slacheck.builtin_rules)."""
