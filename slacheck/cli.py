def main() -> int:
    from slacheck.resources import grammar_file, rules_file
    print(grammar_file("probe.lark").read_text(), rules_file("probe.toml").read_text())
    return 0
