import Testing

@testable import StrictJSON

private func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

private func parse(bytes: [UInt8]) throws -> JSONValue {
    try JSONParser.parse(bytes)
}

private func skim(_ text: String, _ keys: Set<String>) throws -> [String: JSONValue] {
    try skim(bytes: Array(text.utf8), keys)
}

private func skim(bytes: [UInt8], _ keys: Set<String>) throws -> [String: JSONValue] {
    try bytes.withUnsafeBytes { buffer in try JSONParser.skim(buffer, keys: keys) }
}

/// The syntax error `body` throws, or nil when it accepts the text.
private func syntaxError(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        try body()
        return nil
    } catch let error as JSONSyntaxError {
        return error
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

extension JSONValue {
    fileprivate var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }
}

private func nested(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

@Suite("JSON parser: strict RFC 8259")
struct JSONParserTests {
    // MARK: - Valid documents

    @Test("a nested document keeps its structure and member order")
    func nestedDocument() throws {
        let value = try parse(#"{"b":[1,{"c":null,"a":true}],"a":false,"s":"x","e":{},"l":[]}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["b", "a", "s", "e", "l"])
        let b = try #require(object["b"])
        guard case .array(let elements) = b else {
            Issue.record("b is \(b.typeName)")
            return
        }
        #expect(elements.count == 2)
        #expect(elements[0] == .number("1"))
        let inner = try #require(elements[1].object)
        #expect(inner.keys == ["c", "a"])
        #expect(inner["c"] == .null)
        #expect(inner["a"] == .bool(true))
        #expect(object["a"] == .bool(false))
        #expect(object["s"] == .string("x"))
        #expect(object["e"]?.object?.members.isEmpty == true)
        #expect(object["l"] == .array([]))
        #expect(object["missing"] == nil)
    }

    @Test(
        "top-level scalars and containers, with whitespace around",
        arguments: [
            ("true", JSONValue.bool(true)), ("false", .bool(false)), ("null", .null), (#""x""#, .string("x")),
            ("0", .number("0")), (" \t\r\n 1 \n", .number("1")), ("[ ]", .array([])), ("[1 , 2]", .array([.number("1"), .number("2")])),
            (#"[[],[[]]]"#, .array([.array([]), .array([.array([])])])),
        ])
    func scalars(text: String, value: JSONValue) throws {
        #expect(try parse(text) == value)
    }

    @Test(
        "numbers keep their literal text, nothing is rounded",
        arguments: [
            "12.50", "1e400", "-0", "0", "-0.0", "0.1", "1E+2", "-1.5e-3", "1.0E-0400",
            "123456789012345678901234567890", "9007199254740993", "0e0",
        ])
    func numbers(text: String) throws {
        #expect(try parse(text) == .number(text))
        #expect(try parse("[\(text)]") == .array([.number(text)]))
        #expect(try parse(#"{"amount":\#(text)}"#).object?["amount"] == .number(text))
    }

    @Test(
        "escapes",
        arguments: [
            (#""\"\\\/""#, "\"\\/"),
            (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
            (#""\u0041\u00e9\u00E9\u20AC""#, "Aéé€"),
            (#""\uD83D\uDE00""#, "😀"),  // a surrogate pair is one scalar
            (#""\ud83d\ude00 ok""#, "😀 ok"),
            (#""\u0000""#, "\u{0}"),
            (#""a\u001Fb""#, "a\u{1F}b"),
            (#""\u2028\uFFFF""#, "\u{2028}\u{FFFF}"),
            (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
            (#""Caf\u00e9 Café""#, "Café Café"),
        ])
    func escapes(text: String, expected: String) throws {
        #expect(try parse(text) == .string(expected))
    }

    @Test("raw UTF-8 passes through, in keys and values")
    func rawUTF8() throws {
        let value = try parse(#"{"日本":"Café 😀 👨‍👩‍👧","ключ":"\n"}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["日本", "ключ"])
        #expect(object["日本"] == .string("Café 😀 👨‍👩‍👧"))
        #expect(object["ключ"] == .string("\n"))
    }

    @Test("duplicate keys are kept in order; the subscript gives the first")
    func duplicateKeys() throws {
        let object = try #require(try parse(#"{"a":1,"b":2,"a":3}"#).object)
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.members.map(\.value) == [.number("1"), .number("2"), .number("3")])
        #expect(object["a"] == .number("1"))
    }

    @Test("nesting of 64 levels is accepted, arrays and objects alike")
    func maximumDepth() throws {
        #expect(JSONParser.maximumDepth == 64)
        _ = try parse(nested(64))
        let objects = String(repeating: #"{"a":"#, count: 63) + "{}" + String(repeating: "}", count: 63)
        _ = try parse(objects)
        // Depth counts open containers, not containers seen: siblings at depth 64 are fine.
        let siblings = "[" + nested(63) + "," + nested(63) + "]"
        _ = try parse(siblings)
    }

    // MARK: - Invalid documents, each with the byte offset of the fault

    @Test(
        "invalid text is refused at the right byte",
        arguments: [
            ("", 0),
            ("   ", 3),
            ("[1,]", 3),  // trailing comma
            (#"{"a":1,}"#, 7),
            ("[,1]", 1),
            ("[1 2]", 3),
            (#"{"a" 1}"#, 5),
            (#"{"a":}"#, 5),
            ("{1:2}", 1),
            ("{'a':1}", 1),
            ("'a'", 0),
            ("// comment\n1", 0),
            ("/* c */ 1", 0),
            ("[1 /* c */]", 3),
            ("[1] // c", 4),
            ("01", 1),  // leading zero
            ("-01", 2),
            ("[00]", 2),
            ("+1", 0),
            (".5", 0),
            ("1.", 2),
            ("1.e3", 2),
            ("1e", 2),
            ("1e+", 3),
            ("-", 1),
            ("-a", 1),
            ("0x10", 1),
            ("NaN", 0),
            ("Infinity", 0),
            ("-Infinity", 1),
            ("True", 0),
            ("tru", 0),
            ("nul", 0),
            ("nulll", 4),
            ("1 2", 2),  // text after the value
            ("{} x", 3),
            ("[1]]", 3),
            ("\"a\"\"b\"", 3),
            ("1\u{0}", 1),
            ("\u{0C}1", 0),  // form feed is not JSON whitespace
            ("\"abc", 4),  // unterminated
            ("\"abc\\", 5),
            ("\"abc\\\"", 6),
            ("[1, 2", 5),
            (#"{"a""#, 4),
            (#"{"a":1"#, 6),
            ("[", 1),
            (#""\x""#, 2),  // invalid escape
            (#""\'""#, 2),
            (#""\u12""#, 3),
            (#""\u12G4""#, 5),
            (#""\U0041""#, 2),
            (#""\uD800""#, 7),  // lone high surrogate
            (#""\uD800x""#, 7),
            (#""\uD800\n""#, 7),
            (#""\uD800\u0041""#, 13),  // high surrogate followed by a non-surrogate
            (#""\uD800\uD800""#, 13),
            (#""\uDC00""#, 7),  // lone low surrogate
            (#""\uDE00\uD83D""#, 7),  // pair in the wrong order
            ("\"a\nb\"", 2),  // raw control character
            ("\"a\tb\"", 2),
            ("\"\u{1F}\"", 1),
            ("\"\u{0}\"", 1),
            ("\"\\n\tb\"", 3),  // control character after an escape
            (#"{"a":"x"#, 7),
        ])
    func refused(text: String, offset: Int) {
        let error = syntaxError { _ = try parse(text) }
        #expect(error?.offset == offset, "\(String(describing: error))")
    }

    @Test(
        "invalid UTF-8 is refused, at the start of its string",
        arguments: [
            ([0x22, 0xFF, 0x22] as [UInt8], 1),
            ([0x22, 0x61, 0xC0, 0xAF, 0x22], 1),  // overlong '/'
            ([0x22, 0xE6, 0x97, 0x22], 1),  // truncated sequence
            ([0x22, 0xED, 0xA0, 0x80, 0x22], 1),  // an encoded surrogate
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1),  // beyond U+10FFFF
            ([0x22, 0x80, 0x22], 1),  // stray continuation byte
            ([0x5B, 0x22, 0x5C, 0x6E, 0xFF, 0x22, 0x5D], 2),  // after an escape: ["\n<FF>"]
            ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], 2),  // in a key
            ([0xFF], 0),  // outside any string
            ([0xEF, 0xBB, 0xBF, 0x31], 0),  // a byte-order mark is not JSON
        ])
    func invalidUTF8(bytes: [UInt8], offset: Int) {
        let error = syntaxError { _ = try parse(bytes: bytes) }
        #expect(error?.offset == offset, "\(String(describing: error))")
    }

    @Test("nesting deeper than 64 levels is refused where the 65th level opens")
    func tooDeep() {
        #expect(syntaxError { _ = try parse(nested(65)) }?.offset == 64)
        let objects = String(repeating: #"{"a":"#, count: 64) + "{}" + String(repeating: "}", count: 64)
        #expect(syntaxError { _ = try parse(objects) }?.offset == 64 * 5)
        // Deep input is refused quickly and without exhausting the stack.
        #expect(syntaxError { _ = try parse(String(repeating: "[", count: 100_000)) }?.offset == 64)
    }

    @Test("a caller may name another nesting limit (Sure's parser allows 100); the default stays 64")
    func callerDepth() throws {
        _ = try JSONParser.parse(Array(nested(100).utf8), maximumDepth: 100)
        let error = syntaxError { _ = try JSONParser.parse(Array(nested(101).utf8), maximumDepth: 100) }
        #expect(error?.offset == 100)
        #expect(error?.message == "nesting deeper than 100 levels")
        #expect(syntaxError { _ = try parse(nested(65)) }?.offset == 64)
    }

    @Test("the message counts bytes from 1")
    func message() {
        let error = syntaxError { _ = try parse("[1,]") }
        #expect(error?.description.hasSuffix("at byte 4") == true, "\(String(describing: error))")
    }

    // MARK: - skim

    static let changeSet =
        #"{"generation":"0D9F","sequence":41,"inserted":[{"id":"A","amount":"12.50","nested":{"k":[1,2,{"x":null}]}}],"updated":[],"deleted":["B","C"]}"#

    @Test("skim reads only the requested top-level keys")
    func skimRequested() throws {
        let found = try skim(Self.changeSet, ["generation", "sequence", "snapshot"])
        #expect(found.count == 2)
        #expect(found["generation"] == .string("0D9F"))
        #expect(found["sequence"] == .number("41"))
        #expect(found["snapshot"] == nil)
    }

    @Test("skim returns the same values as a full parse")
    func skimAgreesWithParse() throws {
        let keys: Set<String> = ["inserted", "deleted", "updated"]
        let found = try skim(Self.changeSet, keys)
        let object = try #require(try parse(Self.changeSet).object)
        #expect(found.count == 3)
        for key in keys {
            #expect(found[key] == object[key], "\(key)")
        }
    }

    @Test("skim does not look inside nested objects for requested keys")
    func skimTopLevelOnly() throws {
        #expect(try skim(#"{"x":{"sequence":1},"y":[{"sequence":2}]}"#, ["sequence"]).isEmpty)
    }

    @Test("skim takes the first of duplicate keys")
    func skimDuplicates() throws {
        #expect(try skim(#"{"a":1,"a":2}"#, ["a"]) == ["a": .number("1")])
    }

    @Test("skim of an empty object, with whitespace")
    func skimEmpty() throws {
        #expect(try skim(" \n{ } \n", ["a"]).isEmpty)
        #expect(try skim("{}", []).isEmpty)
    }

    @Test("skim reads escaped keys as keys")
    func skimEscapedKey() throws {
        #expect(try skim(#"{"se\u0071uence":7}"#, ["sequence"]) == ["sequence": .number("7")])
    }

    @Test(
        "skim still refuses invalid syntax, in skipped members too, at the same byte as parse",
        arguments: [
            "",
            #"{"a":1,"b":[1,]}"#,  // trailing comma in a skipped array
            #"{"a":1,"b":{"c":1,}}"#,  // in a skipped object
            #"{"a":1,}"#,  // trailing comma at the top
            #"{"a":1,"b":01}"#,  // leading zero
            #"{"a":1,"b":1.}"#,
            #"{"a":1,"b":[1 2]}"#,
            #"{"a":1,"b":/* c */1}"#,  // a comment
            #"{"a":1 // c"#,
            #"{"a":1,"b":tru}"#,
            #"{"a":1,"b":{c:1}}"#,  // unquoted key
            #"{"a":1,"b":{"c" 1}}"#,  // missing colon
            #"{"a":1,"b":"unterminated}"#,
            "{\"a\":1,\"b\":\"raw\ncontrol\"}",
            "{\"a\":1,\"b\":[\"x\",\"\u{1}\"]}",
            #"{"a":1,"b":[}"#,
            #"{"a":1,"b":[1]]}"#,
            #"{"a":1} x"#,  // text after the object
            #"{"a":1}{}"#,
            #"{"a":1"#,
            #"{"a":01,"b":1}"#,  // invalid in the requested member
            #"{"a":1,"a":01}"#,  // invalid in a duplicate of a requested member
            #"{"a":1,"b":"\x"}"#,  // an invalid escape in a skipped string
            #"{"a":1,"b":"\u12"}"#,  // a short \u escape in a skipped string
            #"{"a":1,"b":"\uD800"}"#,  // a lone surrogate in a skipped string
            #"{"a":1,"b":{"\q":1}}"#,  // an invalid escape in a skipped key
        ])
    func skimRefuses(text: String) {
        let parseError = syntaxError { _ = try parse(text) }
        let skimError = syntaxError { _ = try skim(text, ["a"]) }
        #expect(parseError != nil)
        #expect(skimError != nil, "skim accepted what parse refuses: \(String(describing: parseError))")
        if let parseError, let skimError {
            #expect(skimError.offset == parseError.offset, "skim: \(skimError), parse: \(parseError)")
        }
    }

    @Test("skim wants an object at the top", arguments: [#"[{"a":1}]"#, #""a""#, "1", "null", " [] "])
    func skimNeedsObject(text: String) throws {
        _ = try parse(text)  // valid JSON, but not an object
        let error = syntaxError { _ = try skim(text, ["a"]) }
        #expect(error?.offset == text.prefix { $0 == " " }.count)
    }

    @Test("skim refuses invalid UTF-8 in skipped strings")
    func skimRefusesInvalidUTF8() {
        let text: [UInt8] = Array(#"{"a":1,"b":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(syntaxError { _ = try parse(bytes: text) } != nil)
        #expect(syntaxError { _ = try skim(bytes: text, ["a"]) } != nil)
    }

    @Test("skim refuses nesting deeper than 64 levels, counting the top-level object as parse does")
    func skimDepth() throws {
        // 63 levels inside the top-level object: 64 in all, fine for both.
        let fine = #"{"a":1,"b":"# + nested(63) + "}"
        _ = try parse(fine)
        #expect(try skim(fine, ["a"]) == ["a": .number("1")])
        // 64 levels inside: 65 in all.
        let deep = #"{"a":1,"b":"# + nested(64) + "}"
        #expect(syntaxError { _ = try parse(deep) } != nil)
        #expect(syntaxError { _ = try skim(deep, ["a"]) } != nil)
        // Far too deep is refused too.
        #expect(syntaxError { _ = try skim(#"{"b":"# + String(repeating: "[", count: 100_000), ["a"]) } != nil)
    }
}
