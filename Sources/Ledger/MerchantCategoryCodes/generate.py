#!/usr/bin/env python3
"""Generate MerchantCategoryCodeTable.swift from the list of merchant category codes in Tests/.

Usage, from the package root:

    python3 Sources/Ledger/MerchantCategoryCodes/generate.py \
        > Sources/Ledger/MerchantCategoryCodes/MerchantCategoryCodeTable.swift

Reads the `mcc` and `description` columns of Tests/LedgerTests/MerchantCategoryCodes/mcc-codes.csv
(ISO 18245 codes from a public-domain list), applies the corrections and additions listed below,
and writes Swift source to standard output as UTF-8 with LF line endings. Python 3 standard
library only.

The output depends only on the CSV's content, never on where the script is run from, so that
MerchantCategoryCodeTableTests can regenerate it and compare the result with the committed file
byte for byte. Change the table here and regenerate; never edit the Swift file by hand.

Leading and trailing spaces of a description are dropped (the list has one, on 5599). The script
stops with an error, and writes nothing, when a code is not four digits, appears twice or has an
empty description; when a correction no longer matches the text it corrects; or when an addition
is already in the CSV. Each of those means the list changed and this script needs a look.
"""

import csv
import hashlib
import io
import os
import re
import sys

# Errata of the list: code -> (text in the CSV, text to use instead). 6011 is the ATM code, as
# the IRS description and Visa's Merchant Data Standards Manual have it.
CORRECTIONS = {
    "6011": (
        "Financial Institutions \u2013 Manual Cash Disbursements",
        "Automated Cash Disbursements",
    ),
}

# Newer network codes the list lacks: code -> description.
ADDITIONS = {
    "5262": "Marketplaces",
    "5552": "Electric Vehicle Charging",
    "6540": "Non-Financial Institutions \u2013 Stored Value Card Purchase/Load",
    "9406": "Government-Owned Lotteries (Non-U.S.)",
}

SOURCE = "Tests/LedgerTests/MerchantCategoryCodes/mcc-codes.csv"

COMMAND = (
    "python3 Sources/Ledger/MerchantCategoryCodes/generate.py \\\n"
    "//       > Sources/Ledger/MerchantCategoryCodes/MerchantCategoryCodeTable.swift"
)


class DataError(Exception):
    pass


def read_rows(data):
    """Returns {code: description} from the CSV bytes."""
    text = data.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = {"mcc", "description"} - set(reader.fieldnames or [])
    if missing:
        raise DataError("missing column(s): " + ", ".join(sorted(missing)))
    rows = {}
    for record in reader:
        line = reader.line_num
        code = (record["mcc"] or "").strip()
        description = (record["description"] or "").strip()
        if not re.fullmatch(r"[0-9]{4}", code):
            raise DataError(f"line {line}: code {code!r} is not four digits")
        if code in rows:
            raise DataError(f"line {line}: code {code} appears twice")
        if not description:
            raise DataError(f"line {line}: code {code} has no description")
        rows[code] = description
    return rows


def apply_fixes(rows):
    for code, (old, new) in CORRECTIONS.items():
        if rows.get(code) != old:
            raise DataError(
                f"correction for {code} expects {old!r} but the CSV has {rows.get(code)!r}"
            )
        rows[code] = new
    for code, description in ADDITIONS.items():
        if code in rows:
            raise DataError(f"addition {code} is already in the CSV as {rows[code]!r}")
        rows[code] = description
    return rows


def swift_string(value):
    out = []
    for char in value:
        if char == "\\":
            out.append("\\\\")
        elif char == '"':
            out.append('\\"')
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append("\\u{%X}" % ord(char))
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def render(rows, source_rows, digest):
    lines = [
        "// swift-format-ignore-file",
        "// (Generated, and compared byte for byte with this script's output: the formatter leaves it alone.)",
        "// GENERATED FILE. DO NOT EDIT BY HAND.",
        "//",
        f"// Generated from {SOURCE} ({source_rows} rows, SHA-256 {digest})",
        "// by Sources/Ledger/MerchantCategoryCodes/generate.py, run from the package root:",
        "//",
        "//     " + COMMAND,
        "//",
        "// Descriptions are the CSV's `description` column, with the corrections and additions",
        "// listed in generate.py. To change the table, change generate.py and run it again.",
        "// MerchantCategoryCodeTableTests checks that this file matches the generator's output.",
        "",
        "/// ISO 18245 merchant category codes (MCC) and their descriptions.",
        "///",
        "/// Codes are written with four digits, as card networks print them; a Swift integer",
        "/// literal with leading zeros is decimal, so `0742` is 742.",
        "public enum MerchantCategoryCodeTable {",
        "    /// Every known code, ascending, with its description.",
        "    static let entries: [(code: Int, description: String)] = [",
    ]
    for code in sorted(rows, key=int):
        lines.append(f"        ({code}, {swift_string(rows[code])}),")
    lines += [
        "    ]",
        "",
        "    /// The description of `code`, or nil when the code is not in the table.",
        "    public static func description(for code: Int) -> String? {",
        "        var low = 0",
        "        var high = entries.count",
        "        while low < high {",
        "            let middle = low + (high - low) / 2",
        "            let entry = entries[middle]",
        "            if entry.code == code {",
        "                return entry.description",
        "            } else if entry.code < code {",
        "                low = middle + 1",
        "            } else {",
        "                high = middle",
        "            }",
        "        }",
        "        return nil",
        "    }",
        "}",
        "",
    ]
    return "\n".join(lines)


def main(argv):
    if len(argv) != 1:
        sys.stderr.write(
            "usage: python3 Sources/Ledger/MerchantCategoryCodes/generate.py > OUTPUT.swift\n"
        )
        return 2
    # This file is <root>/Sources/Ledger/MerchantCategoryCodes/generate.py.
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    path = os.path.join(root, SOURCE)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
        rows = read_rows(data)
        source_rows = len(rows)
        apply_fixes(rows)
    except (OSError, UnicodeDecodeError, csv.Error, DataError) as error:
        sys.stderr.write(f"generate.py: {path}: {error}\n")
        return 1
    digest = hashlib.sha256(data).hexdigest()
    sys.stdout.buffer.write(render(rows, source_rows, digest).encode("utf-8"))
    sys.stdout.buffer.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
