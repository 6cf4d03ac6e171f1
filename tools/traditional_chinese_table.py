r"""Write grammar/traditional_chinese.txt from the Unicode Character Database's Unihan_Variants.txt.

    python tools/traditional_chinese_table.py /usr/share/unicode/Unihan_Variants.txt.bz2 \
        > grammar/traditional_chinese.txt

Each traditional character whose kSimplifiedVariant names other characters is paired with the first of them. A
character that also names itself is a simplified character too: it is paired with the other one (復 复, 裡 里),
except where simplified text writes it in common words (覆盖, 显著). Characters above the Basic Multilingual Plane are
left out (no contract writes its terms in them).
"""

from __future__ import annotations

import bz2
import sys

HEADER = """\
# Traditional Chinese characters and the simplified character each is read as, one pair a line.
# Made by tools/traditional_chinese_table.py from the Unicode Character Database, Unihan_Variants.txt
# (kSimplifiedVariant), Unicode {version}. Copyright Unicode, Inc., under the Unicode License v3.
"""
SIMPLIFIED_TOO = "覆著"
"""Traditional characters that simplified text also writes in common words: kept as they are."""


def pairs(path: str) -> tuple[str, list[tuple[str, str]]]:
    """The database's version and its (traditional, simplified) pairs, by traditional character."""
    opener = bz2.open if path.endswith(".bz2") else open
    version, found = "", {}
    with opener(path, "rt", encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("# Unicode version:"):
                version = line.split()[-1]
            if line.startswith("#") or not line.strip():
                continue
            point, key, value = line.rstrip("\n").split("\t")
            if key != "kSimplifiedVariant":
                continue
            traditional = chr(int(point[2:], 16))
            simplified = [chr(int(item.split("<")[0][2:], 16)) for item in value.split()]
            others = [item for item in simplified if item != traditional and ord(item) <= 0xFFFF]
            if others and ord(traditional) <= 0xFFFF and traditional not in SIMPLIFIED_TOO \
                    and (traditional not in simplified or len(others) == 1):
                found[traditional] = others[0]
    return version, sorted(found.items())


def main() -> None:
    version, table = pairs(sys.argv[1])
    sys.stdout.write(HEADER.format(version=version))
    sys.stdout.writelines(f"{traditional} {simplified}\n" for traditional, simplified in table)


if __name__ == "__main__":
    main()
