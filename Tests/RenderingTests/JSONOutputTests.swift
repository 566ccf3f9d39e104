import Foundation
import Rendering
import Testing

@Suite("JSON output")
struct JSONOutputTests {
    @Test(
        "string escaping",
        arguments: [
            ("plain", #""plain""#),
            ("say \"hi\"", #""say \"hi\"""#),
            ("back\\slash", #""back\\slash""#),
            ("a/b", #""a/b""#),  // a solidus needs no escape
            ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
            ("\u{0}", #""\u0000""#),
            ("\u{1}\u{1F}", #""\u0001\u001f""#),
            ("\u{0B}", #""\u000b""#),  // vertical tab has no short form
            ("\u{7F}", "\"\\u007f\""),  // DEL is allowed raw, but a terminal need not see it
            ("\u{202E}gpj.exe", "\"\\u202egpj.exe\""),  // RIGHT-TO-LEFT OVERRIDE would reorder it
            ("line\u{2028}sep\u{2029}", #""line\u2028sep\u2029""#),  // safe to embed in JavaScript
            ("Café 日本 😀", "\"Café 日本 😀\""),  // non-ASCII stays UTF-8
            ("e\u{301}", "\"e\u{301}\""),
            ("\u{FEFF}x", "\"\u{FEFF}x\""),
            ("", #""""#),
        ])
    func escaping(text: String, json: String) {
        #expect(JSONOutput.escaped(text) == json)
        #expect(JSONOutput.string(text).compact == json)
    }

    @Test("every escaped string reads back as the same text with a standard parser")
    func escapedRoundTrip() throws {
        var texts = (0..<0x80).map { String(Unicode.Scalar(UInt8($0))) }
        // (U+FEFF is left out: Foundation's JSONSerialization drops it while reading.)
        texts += ["\u{2028}", "\u{2029}", "\u{FFFD}", "😀", "\r\n", "a\"b\\c\u{0}d", "\u{10FFFF}", "\u{85}", "\u{9B}[31m"]
        // Printable ASCII, which goes out as it is, and ASCII with one character that may not.
        let printable = String((0x20..<0x7F).map { Character(Unicode.Scalar(UInt8($0))) })
        texts += [printable] + ["\u{7F}", "\"", "\\", "\t", "\u{1B}"].map { printable + $0 + printable }
        // The bidirectional controls, which reorder what a terminal shows.
        texts += (0x202A...0x202E).map { String(Unicode.Scalar($0)!) } + (0x2066...0x2069).map { String(Unicode.Scalar($0)!) }
        for text in texts {
            let json = "[" + JSONOutput.escaped(text) + "]"
            let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String]
            #expect(parsed == [text], "\(text.debugDescription) -> \(json)")
            // no raw control characters and no raw line/paragraph separators in the output
            #expect(
                !json.unicodeScalars.contains { scalar in
                    switch scalar.value {
                    case 0..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
                    default: return false
                    }
                }, "\(json)")
        }
    }

    @Test("compact output keeps member order and writes amounts as strings")
    func compact() {
        let value = JSONOutput.object([
            ("merchant", .string("Whole Foods")),
            ("amount", .string("-54.20")),
            ("count", .integer(3)),
            ("pending", .bool(false)),
            ("mcc", .null),
            ("tags", .array([.string("a"), .integer(-1)])),
            ("empty", .object([])),
            ("none", .array([])),
        ])
        #expect(
            value.compact
                == #"{"merchant":"Whole Foods","amount":"-54.20","count":3,"pending":false,"mcc":null,"tags":["a",-1],"empty":{},"none":[]}"#
        )
    }

    @Test("an array made an element at a time as written is the same array, compact and pretty, empty or not")
    func elements() {
        let arrays: [[JSONOutput]] = [
            [], [.integer(1)], [.string("a"), .object([("x", .array([.null]))]), .elements(count: 0) { _ in .null }],
        ]
        for array in arrays {
            var made: [Int] = []
            let lazy = JSONOutput.object([
                (
                    "rows",
                    .elements(count: array.count) { index in
                        made.append(index); return array[index]
                    }
                )
            ])
            let whole = JSONOutput.object([("rows", .array(array))])
            #expect(lazy.pretty == whole.pretty)
            #expect(lazy.compact == whole.compact)
            // Each element made once a writing, in order.
            #expect(made == Array(array.indices) + Array(array.indices))
        }
    }

    @Test("pretty output: two-space indent, key-colon-space, empty containers inline")
    func pretty() {
        let value = JSONOutput.object([
            ("b", .integer(1)),
            ("a", .array([.bool(true), .object([("x", .null)]), .array([])])),
            ("e", .object([])),
        ])
        let expected = """
            {
              "b": 1,
              "a": [
                true,
                {
                  "x": null
                },
                []
              ],
              "e": {}
            }
            """
        #expect(value.pretty == expected)
    }

    @Test("scalars at the top level")
    func scalars() {
        #expect(JSONOutput.null.compact == "null")
        #expect(JSONOutput.bool(true).pretty == "true")
        #expect(JSONOutput.integer(.min).compact == "-9223372036854775808")
        #expect(JSONOutput.integer(.max).compact == "9223372036854775807")
        #expect(JSONOutput.array([]).pretty == "[]")
        #expect(JSONOutput.object([]).pretty == "{}")
        #expect(JSONOutput.optional(nil).compact == "null")
        #expect(JSONOutput.optional("x\n").compact == #""x\n""#)
    }

    @Test("keys are escaped like strings, duplicates kept in order")
    func keys() {
        let value = JSONOutput.object([("a\"b", .integer(1)), ("\u{2028}", .integer(2)), ("a\"b", .integer(3))])
        #expect(value.compact == #"{"a\"b":1,"\u2028":2,"a\"b":3}"#)
    }

    @Test("compact and pretty output are valid JSON with the same content")
    func validJSON() throws {
        let value = JSONOutput.object([
            ("s", .string("=\"x\"\n\u{2028}")),
            ("n", .array([.integer(1), .integer(-2), .null, .bool(true), .object([("k", .string("v"))])])),
        ])
        let compact = try JSONSerialization.jsonObject(with: Data(value.compact.utf8)) as? NSDictionary
        let pretty = try JSONSerialization.jsonObject(with: Data(value.pretty.utf8)) as? NSDictionary
        #expect(compact != nil)
        #expect(compact == pretty)
        #expect(compact?["s"] as? String == "=\"x\"\n\u{2028}")
    }

    @Test("a long value is handed out in pieces of about 64 KiB that make the pretty text exactly")
    func piecesMakeThePrettyText() {
        let rows = (0..<5_000).map { index in
            JSONOutput.object([
                ("id", .integer(Int64(index))), ("name", .string("Café \(index) \"quoted\"")),
                ("tags", .array([.string("a"), .null, .bool(index % 2 == 0)])), ("empty", .object([])),
            ])
        }
        let value = JSONOutput.object([("rows", .array(rows)), ("count", .integer(5_000))])
        var pieces: [String] = []
        value.writePretty { pieces.append($0) }
        #expect(pieces.count > 3)
        #expect(pieces.allSatisfy { $0.utf8.count < (1 << 16) + 256 })
        #expect(pieces.dropLast().allSatisfy { $0.utf8.count >= 1 << 16 })
        // Written out by hand, not by JSONOutput.
        let expected =
            "{\n  \"rows\": [\n"
            + (0..<5_000).map { index in
                "    {\n      \"id\": \(index),\n      \"name\": \"Café \(index) \\\"quoted\\\"\",\n"
                    + "      \"tags\": [\n        \"a\",\n        null,\n        \(index % 2 == 0)\n      ],\n      \"empty\": {}\n    }"
            }
            .joined(separator: ",\n") + "\n  ],\n  \"count\": 5000\n}"
        #expect(Array(pieces.joined().utf8) == Array(expected.utf8))
        #expect(Array(value.pretty.utf8) == Array(expected.utf8))
    }
}
