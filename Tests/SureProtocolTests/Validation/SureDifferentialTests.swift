import SureProtocol
import Testing

/// purse's validator against Sure's, case by case: each probe is one edit of a valid batch and
/// the answer Sure gave to it (our research ran every probe through a transcription of Sure's
/// `Financekit::Payload` and the first half of `FinancekitBatch.accept!`). purse must give the
/// same answer, except for the deliberate differences at the end, each listed in the README.
@Suite("Sure protocol 2: purse refuses what Sure refuses, with Sure's code")
struct SureDifferentialTests {
    typealias B = SureProbeBatch
    typealias P = SureProbe

    static let tx = B.transaction
    static let wrong = B.otherID

    // MARK: - Envelope

    static let envelope: [P] = [
        P("baseline", sure: "accepted") { _ in },
        P("protocol_version 2.0", sure: "accepted") { $0.set("protocol_version", raw: "2.0") },
        P("protocol_version 2e0", sure: "accepted") { $0.set("protocol_version", raw: "2e0") },
        P("protocol_version \"2\"", sure: "unsupported_protocol") { $0.set("protocol_version", raw: "\"2\"") },
        P("protocol_version null", sure: "unsupported_protocol") { $0.set("protocol_version", raw: "null") },
        P("protocol_version 1", sure: "unsupported_protocol") { $0.set("protocol_version", raw: "1") },
        P("protocol_version, a 20-digit integer", sure: "unsupported_protocol") {
            $0.set("protocol_version", raw: "20000000000000000002")
        },
        P("protocol_version 3 and an unknown key: the shape first", sure: "invalid_payload") {
            $0.set("protocol_version", raw: "3")
            $0.set("history", raw: "{}")
        },
        P("protocol_version 3 and no events: the shape first", sure: "invalid_payload") {
            $0.set("protocol_version", raw: "3")
            $0.set("events", nil)
        },
        P("generation 1.0", sure: "accepted") { $0.set("generation", raw: "1.0") },
        P("generation \"1\"", sure: "generation_conflict") { $0.set("generation", raw: "\"1\"") },
        P("generation null", sure: "generation_conflict") { $0.set("generation", raw: "null") },
        P("generation, a 20-digit integer", sure: "generation_conflict") { $0.set("generation", raw: "10000000000000000001") },
        P("generation 2", sure: "generation_conflict") { $0.set("generation", raw: "2") },
        P("another stream and generation 2: the stream first", sure: "publisher_conflict") {
            $0.set("stream_id", string: wrong)
            $0.set("generation", raw: "2")
        },
        P("another connection and a malformed batch_id: every id's form first", sure: "invalid_payload") {
            $0.set("connection_id", string: wrong)
            $0.set("batch_id", string: "not-a-uuid")
        },
        P("a malformed capture_id and generation 2", sure: "invalid_payload") {
            $0.set("capture_id", string: "not-a-uuid")
            $0.set("generation", raw: "2")
        },
        P("a malformed batch_id and generation 2", sure: "invalid_payload") {
            $0.set("batch_id", string: "b0000000-0000-4000-8000-00000000000")
            $0.set("generation", raw: "2")
        },
        P("another publisher", sure: "publisher_conflict") { $0.set("publisher_id", string: wrong) },
        P("connection_id in upper case", sure: "accepted") { $0.set("connection_id", string: B.connectionID.uppercased()) },
        P("a UUIDv7 batch_id", sure: "accepted") { $0.set("batch_id", string: "01890a5d-ac96-774b-bcce-b302099a8057") },
        P("the nil UUID as capture_id", sure: "accepted") { $0.set("capture_id", string: "00000000-0000-0000-0000-000000000000") },
        P("an upper-case predecessor_digest (sequence 2)", sure: "invalid_payload") {
            $0.set("sequence", raw: "2")
            $0.set("predecessor_digest", string: String(repeating: "A", count: 64))
        },
        P("a predecessor_digest of 63 characters (sequence 2)", sure: "invalid_payload") {
            $0.set("sequence", raw: "2")
            $0.set("predecessor_digest", string: String(repeating: "a", count: 63))
        },
        P("predecessor_digest 123 (sequence 2)", sure: "invalid_payload") {
            $0.set("sequence", raw: "2")
            $0.set("predecessor_digest", raw: "123")
        },
        P("a predecessor_digest at sequence 1", sure: "invalid_predecessor") {
            $0.set("predecessor_digest", string: String(repeating: "a", count: 64))
        },
        P("no predecessor_digest at sequence 2", sure: "invalid_predecessor") { $0.set("sequence", raw: "2") },
        P("predecessor_digest null at sequence 2", sure: "invalid_predecessor") {
            $0.set("sequence", raw: "2")
            $0.set("predecessor_digest", raw: "null")
        },
        P("sequence 1.0", sure: "invalid_payload") { $0.set("sequence", raw: "1.0") },
        P("sequence 0", sure: "invalid_payload") { $0.set("sequence", raw: "0") },
        P("sequence 2^53", sure: "invalid_payload") { $0.set("sequence", raw: "9007199254740992") },
        P("captured_at in month 13 and 101 chunks: the capture time first", sure: "invalid_timestamp") {
            $0.set("captured_at", string: "2026-13-01T00:00:00Z")
            $0.set("chunk_count", raw: "101")
        },
        P("captured_at 6 minutes ahead and 101 chunks", sure: "future_capture") {
            $0.set("captured_at", string: "2026-09-10T12:06:00Z")
            $0.set("chunk_count", raw: "101")
        },
        P("captured_at 300.5 s ahead", sure: "future_capture") { $0.set("captured_at", string: "2026-09-10T12:05:00.5Z") },
        P("captured_at 300 s ahead", sure: "accepted") { $0.set("captured_at", string: "2026-09-10T12:05:00Z") },
        P("captured_at not a date and a bad capture_mode", sure: "invalid_payload") {
            $0.set("captured_at", string: "not-a-date")
            $0.set("capture_mode", string: "full")
        },
        P("captured_at unreadable and a bad capture_mode", sure: "invalid_timestamp") {
            $0.set("captured_at", string: "2026-99-99T00:00:00Z")
            $0.set("capture_mode", string: "full")
        },
        P("capture_mode full", sure: "invalid_payload") { $0.set("capture_mode", string: "full") },
        P("snapshot_complete \"false\"", sure: "invalid_payload") { $0.set("snapshot_complete", raw: "\"false\"") },
        P("snapshot_complete true in delta mode", sure: "invalid_payload") { $0.set("capture_mode", string: "delta") },
        P("chunk_count 101 with chunk_index 150: the index first", sure: "invalid_payload") {
            $0.set("chunk_count", raw: "101")
            $0.set("chunk_index", raw: "150")
        },
        P("chunk_count 101", sure: "capture_limit") { $0.set("chunk_count", raw: "101") },
        P("chunk_count, a 20-digit integer", sure: "capture_limit") { $0.set("chunk_count", raw: "10000000000000000001") },
        P("chunk_count 0", sure: "invalid_payload") { $0.set("chunk_count", raw: "0") },
        P("chunk_index 1.0", sure: "invalid_payload") { $0.set("chunk_index", raw: "1.0") },
        P("selected_source_account_ids not an array", sure: "scope_conflict") {
            $0.set("selected_source_account_ids", string: B.accountID)
        },
        P("selected_source_account_ids [\"not-a-uuid\"]", sure: "scope_conflict") {
            $0.set("selected_source_account_ids", raw: "[\"not-a-uuid\"]")
        },
        P("selected_source_account_ids [123]", sure: "scope_conflict") { $0.set("selected_source_account_ids", raw: "[123]") },
        P("selected_source_account_ids []", sure: "scope_conflict") { $0.set("selected_source_account_ids", raw: "[]") },
        P("selected_source_account_ids twice the account, in two cases", sure: "scope_conflict") {
            $0.set("selected_source_account_ids", .array([.string(B.accountID), .string(B.accountID.uppercased())]))
        },
        P("selected_source_account_ids in upper case", sure: "accepted") {
            $0.set("selected_source_account_ids", .array([.string(B.accountID.uppercased())]))
        },
        P("events {}", sure: "record_limit") { $0.set("events", raw: "{}") },
        P("events null", sure: "record_limit") { $0.set("events", raw: "null") },
        P("501 events", sure: "record_limit") { $0.set("events", .array(Array(repeating: .raw("{}"), count: 501))) },
        P("no events", sure: "accepted") { $0.set("events", raw: "[]") },
    ]

    @Test(
        "the envelope, in Sure's order (Sure: app/models/financekit/payload.rb, validate_batch! and validate_stream!)",
        arguments: envelope)
    func envelopeRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - JSON

    static let json: [P] = [
        P("a body that is an array", sure: "invalid_payload") { $0.rewrite = { _ in "[]" } },
        P("a body that is a number", sure: "invalid_payload") { $0.rewrite = { _ in " 2 " } },
        P("a body cut short", sure: "invalid_json") { $0.rewrite = { String($0.dropLast()) } },
        P("a trailing comma", sure: "invalid_json") { $0.rewrite = { String($0.dropLast()) + ",}" } },
        P("an unknown key holding arrays 70 deep", sure: "invalid_payload") {
            $0.set("history", raw: String(repeating: "[", count: 70) + String(repeating: "]", count: 70))
        },
        P("an unknown key holding arrays 99 deep (100 in all)", sure: "invalid_payload") {
            $0.set("history", raw: String(repeating: "[", count: 99) + String(repeating: "]", count: 99))
        },
        P("an unknown key holding arrays 100 deep (101 in all)", sure: "invalid_json") {
            $0.set("history", raw: String(repeating: "[", count: 100) + String(repeating: "]", count: 100))
        },
        P("protocol_version 3, then 2: the last one counts", sure: "accepted") { $0.body.prepend("protocol_version", .raw("3")) },
        // Sure's json 2.18.1 refuses invalid escapes (json 2.17.0 stopped ignoring them).
        P("an invalid escape \\q in a string", sure: "invalid_json") {
            $0.set(B.account + ".display_name", raw: #""Apple \q""#)
        },
        // json 2.6 refuses a lone surrogate; Sure's 2.18.1 was not run.
        P("a lone surrogate escape", sure: "invalid_json") { $0.set(B.account + ".display_name", raw: #""\ud800""#) },
    ]

    @Test(
        "JSON: parsed with nesting to depth 100, then an object is required (Sure: app/models/financekit_batch.rb, accept!)",
        arguments: json)
    func jsonRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Timestamps

    static let timestamps: [P] = [
        P("transacted_at ending in Z", sure: "accepted") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00Z") },
        P("transacted_at ending in +00:00", sure: "accepted") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+00:00") },
        P("transacted_at ending in +0000", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+0000")
        },
        P("transacted_at without an offset", sure: "invalid_payload") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00") },
        P("transacted_at empty", sure: "invalid_payload") { $0.set(tx + ".transacted_at", string: "") },
        P("transacted_at not-a-date", sure: "invalid_payload") { $0.set(tx + ".transacted_at", string: "not-a-date") },
        P("transacted_at ending in a lower-case z", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00z")
        },
        P("transacted_at with a lower-case t", sure: "accepted") { $0.set(tx + ".transacted_at", string: "2026-09-01t06:00:00Z") },
        P("transacted_at after a space", sure: "accepted") { $0.set(tx + ".transacted_at", string: " 2026-09-01T06:00:00Z") },
        P("transacted_at after a newline and a tab", sure: "accepted") {
            $0.set(tx + ".transacted_at", string: "\n\t2026-09-01T06:00:00Z")
        },
        P("transacted_at followed by a space", sure: "invalid_payload") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00Z ") },
        P("transacted_at ending in +01", sure: "invalid_payload") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+01") },
        P("transacted_at in month 99", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-99-99T07:00:00Z") },
        P("transacted_at on day 32", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-01-32T00:00:00Z") },
        P("transacted_at on day 0", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-01-00T00:00:00Z") },
        P("transacted_at 24:00:00 (the next midnight)", sure: "accepted") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T24:00:00Z")
        },
        P("transacted_at 24:00:01", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-09-01T24:00:01Z") },
        P("transacted_at 23:60:00", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-09-01T23:60:00Z") },
        P("transacted_at 23:59:60 (the next minute)", sure: "accepted") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T23:59:60Z")
        },
        P("transacted_at 23:59:61", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-09-01T23:59:61Z") },
        P("transacted_at in year 12026 (after the capture)", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "12026-09-01T06:00:00Z")
        },
        P("transacted_at written +2026", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "+2026-09-01T06:00:00Z") },
        P("transacted_at offset +23:59", sure: "accepted") { $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+23:59") },
        P("transacted_at offset +24:00", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+24:00")
        },
        P("transacted_at offset -24:00", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00-24:00")
        },
        P("transacted_at with a point and no digits", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00.Z")
        },
        P("transacted_at with 9 fraction digits", sure: "accepted") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00.123456789Z")
        },
        P("transacted_at with a comma fraction", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00,5Z")
        },
        P("transacted_at with a space separator", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01 06:00:00Z")
        },
        P("transacted_at with a one-digit month", sure: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-9-01T06:00:00Z")
        },
        P("transacted_at a date only", sure: "invalid_timestamp") { $0.set(tx + ".transacted_at", string: "2026-09-01Z") },
        P("transacted_at null", sure: "invalid_payload") { $0.set(tx + ".transacted_at", raw: "null") },
        P("transacted_at 123", sure: "invalid_payload") { $0.set(tx + ".transacted_at", raw: "123") },
        P("no posted_at on a booked transaction", sure: "accepted") { $0.set(tx + ".posted_at", nil) },
        P("posted_at null", sure: "invalid_payload") { $0.set(tx + ".posted_at", raw: "null") },
        P("posted_at false", sure: "invalid_payload") { $0.set(tx + ".posted_at", raw: "false") },
        P("posted_at without an offset", sure: "invalid_payload") { $0.set(tx + ".posted_at", string: "2026-09-01T07:00:00") },
        P("posted_at in month 99", sure: "invalid_timestamp") { $0.set(tx + ".posted_at", string: "2026-99-99T07:00:00Z") },
        P("transacted_at 1 s after captured_at", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "2026-09-10T12:00:01Z")
        },
        P("transacted_at 0.5 s after captured_at", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "2026-09-10T12:00:00.5Z")
        },
        P("transacted_at at captured_at, spelled +02:00", sure: "accepted") {
            $0.set(tx + ".transacted_at", string: "2026-09-10T14:00:00.000+02:00")
        },
        P("posted_at 1 s after captured_at", sure: "invalid_payload") { $0.set(tx + ".posted_at", string: "2026-09-10T12:00:01Z") },
        P("posted_at 1 minute ahead of now", sure: "invalid_payload") { $0.set(tx + ".posted_at", string: "2026-09-10T12:01:00Z") },
        P("observed_at 1 s after captured_at", sure: "invalid_payload") {
            $0.set(B.balance + ".observed_at", string: "2026-09-10T12:00:01Z")
        },
        P("observed_at 0.5 s after captured_at", sure: "invalid_payload") {
            $0.set(B.balance + ".observed_at", string: "2026-09-10T12:00:00.5Z")
        },
        P("observed_at 11:59:60, read as 12:00:00, the capture's time", sure: "accepted") {
            $0.set("captured_at", string: "2026-09-10T12:00:00Z")
            $0.set(B.balance + ".observed_at", string: "2026-09-10T11:59:60Z")
        },
        P("transacted_at 11:59:60.5, after captured_at 12:00:00", sure: "invalid_payload") {
            $0.set(tx + ".transacted_at", string: "2026-09-10T11:59:60.5Z")
        },
        P("opening_date ending in a lower-case z", sure: "invalid_payload") {
            $0.set(B.account + ".opening_date", string: "2020-01-01T00:00:00z")
        },
        P("opening_date in the future", sure: "accepted") { $0.set(B.account + ".opening_date", string: "2030-01-01T00:00:00Z") },
        P("captured_at on February 30 (Ruby: March 2, before every record)", sure: "invalid_payload") {
            $0.set("captured_at", string: "2026-02-30T00:00:00Z")
        },
    ]

    @Test(
        "timestamps: the shape first (invalid_payload), then Ruby's ISO 8601 reader (invalid_timestamp), then not after captured_at (Sure: app/models/financekit/payload.rb, timestamp!)",
        arguments: timestamps)
    func timestampRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Texts

    static let texts: [P] = [
        P("display_name of spaces", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "   ") },
        P("display_name a tab", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "\t") },
        P("display_name a newline", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "\n") },
        P("display_name a no-break space U+00A0", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "\u{A0}") },
        P("display_name an ideographic space U+3000", sure: "invalid_payload") {
            $0.set(B.account + ".display_name", string: "\u{3000}")
        },
        P("display_name a line separator U+2028", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "\u{2028}") },
        P("display_name a next-line U+0085", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "\u{85}") },
        P("display_name a zero-width space U+200B (not white space)", sure: "accepted") {
            $0.set(B.account + ".display_name", string: "\u{200B}")
        },
        P("display_name a byte order mark U+FEFF (not white space)", sure: "accepted") {
            $0.set(B.account + ".display_name", string: "\u{FEFF}")
        },
        P("display_name empty", sure: "invalid_payload") { $0.set(B.account + ".display_name", string: "") },
        P("institution_name of spaces", sure: "invalid_payload") { $0.set(B.account + ".institution_name", string: "  ") },
        P("transaction_type of spaces", sure: "invalid_payload") { $0.set(tx + ".transaction_type", string: "  ") },
        P("merchant_name a newline", sure: "invalid_payload") { $0.set(tx + ".merchant_name", string: "\n") },
        P("merchant_name empty", sure: "invalid_payload") { $0.set(tx + ".merchant_name", string: "") },
        P("merchant_name null", sure: "invalid_payload") { $0.set(tx + ".merchant_name", raw: "null") },
        P("transaction_description of spaces (may be blank)", sure: "accepted") {
            $0.set(tx + ".transaction_description", string: "   ")
        },
        P("original_transaction_description empty (may be blank)", sure: "accepted") {
            $0.set(tx + ".original_transaction_description", string: "")
        },
        P("account_description of spaces (may be blank)", sure: "accepted") { $0.set(B.account + ".account_description", string: "  ") },
        P("account_description null", sure: "invalid_payload") { $0.set(B.account + ".account_description", raw: "null") },
        P("display_name of 255 é", sure: "accepted") {
            $0.set(B.account + ".display_name", string: String(repeating: "é", count: 255))
        },
        P("display_name of 256 characters", sure: "invalid_payload") {
            $0.set(B.account + ".display_name", string: String(repeating: "é", count: 256))
        },
        P("display_name of 255 code points with an emoji and its modifier", sure: "accepted") {
            $0.set(B.account + ".display_name", string: String(repeating: "a", count: 253) + "👍🏽")
        },
        P("transaction_type of 101 characters", sure: "invalid_payload") {
            $0.set(tx + ".transaction_type", string: String(repeating: "a", count: 101))
        },
        P("transaction_description of 1001 characters", sure: "invalid_payload") {
            $0.set(tx + ".transaction_description", string: String(repeating: "a", count: 1001))
        },
        // Sure's longest text is within purse's limit of 4096 bytes of UTF-8.
        P("transaction_description of 1000 four-byte characters (4000 bytes)", sure: "accepted") {
            $0.set(tx + ".transaction_description", string: String(repeating: "\u{1F600}", count: 1000))
        },
    ]

    @Test(
        "texts: present (not only white space) where required, limits in code points (Sure: app/models/financekit/payload.rb, text!)",
        arguments: texts)
    func textRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Account records and bindings

    static let accounts: [P] = [
        P("account currency \"usd\"", sure: "currency_mismatch") { $0.set(B.account + ".currency", string: "usd") },
        P("account currency \"XYZ\"", sure: "currency_mismatch") { $0.set(B.account + ".currency", string: "XYZ") },
        P("account currency \"BOV\" (ISO, not Sure's)", sure: "currency_mismatch") { $0.set(B.account + ".currency", string: "BOV") },
        P("account currency 840", sure: "currency_mismatch") { $0.set(B.account + ".currency", raw: "840") },
        P("account currency KELVIN SIGN + WD on a KWD account (compared byte for byte)", sure: "currency_mismatch") {
            $0.useCurrency("KWD")
            $0.set(B.account + ".currency", string: "\u{212A}WD")
        },
        P("account currency EUR and a blank display_name: the currency first", sure: "currency_mismatch") {
            $0.set(B.account + ".currency", string: "EUR")
            $0.set(B.account + ".display_name", string: " ")
        },
        P("account kind \"foo\"", sure: "account_type_conflict") { $0.set(B.account + ".kind", string: "foo") },
        P("account kind liability on a Depository", sure: "account_type_conflict") {
            $0.set(B.account + ".kind", string: "liability")
        },
        P("account mapping_version 1.0", sure: "mapping_conflict") { $0.set(B.account + ".mapping_version", raw: "1.0") },
        P("account mapping_version \"1\"", sure: "mapping_conflict") { $0.set(B.account + ".mapping_version", raw: "\"1\"") },
        P("account mapping_version null", sure: "mapping_conflict") { $0.set(B.account + ".mapping_version", raw: "null") },
        P("account mapping_version 2", sure: "mapping_conflict") { $0.set(B.account + ".mapping_version", raw: "2") },
        P("account lineage_id in upper case", sure: "accepted") {
            $0.set(B.account + ".lineage_id", string: B.lineageID.uppercased())
        },
        P("account lineage_id another", sure: "mapping_conflict") { $0.set(B.account + ".lineage_id", string: wrong) },
        P("account lineage_id malformed", sure: "invalid_payload") { $0.set(B.account + ".lineage_id", string: "lineage") },
        P("an unknown account and a blank display_name: the binding first", sure: "mapping_conflict") {
            $0.set(B.account + ".source_id", string: wrong)
            $0.set(B.account + ".display_name", string: "")
        },
        P("account_unavailable mapping_version \"1\"", sure: "mapping_conflict") {
            $0.set(B.unavailable + ".mapping_version", raw: "\"1\"")
        },
        P("tombstone mapping_version 1.0", sure: "mapping_conflict") { $0.set(B.tombstone + ".mapping_version", raw: "1.0") },
        P("balance kind foo for an unknown account: the binding first", sure: "mapping_conflict") {
            $0.set(B.balance + ".kind", string: "foo")
            $0.set(B.balance + ".source_account_id", string: wrong)
        },
        P("balance kind foo and mapping_version \"1\"", sure: "mapping_conflict") {
            $0.set(B.balance + ".kind", string: "foo")
            $0.set(B.balance + ".mapping_version", raw: "\"1\"")
        },
        P("balance kind foo", sure: "invalid_payload") { $0.set(B.balance + ".kind", string: "foo") },
        P("balance source_id malformed and an unknown account: the source id first", sure: "invalid_payload") {
            $0.set(B.balance + ".source_id", string: "x")
            $0.set(B.balance + ".source_account_id", string: wrong)
        },
        P("a transaction in EUR on a USD account with status bogus: the currency first", sure: "currency_mismatch") {
            $0.set(tx + ".amount.currency", string: "EUR")
            $0.set(tx + ".status", string: "bogus")
        },
        P("a balance in EUR on a USD account", sure: "currency_mismatch") { $0.set(B.balance + ".money.currency", string: "EUR") },
    ]

    @Test(
        "account records and bindings: the binding, then plain equality with the mapping (Sure: app/models/financekit/payload.rb, validate_account! and mapping!)",
        arguments: accounts)
    func accountRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Currencies

    /// In Sure's table and not in ISO 4217's current list (purse's report table).
    static let sureOnlyCodes = [
        "ANG", "BGN", "BTC", "BYR", "CNH", "CUC", "DOGE", "ETH", "GBX", "GGP", "IMP", "JEP", "SKK", "SLL", "STD", "USDC",
        "USDT", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XFU", "XPD", "XPT", "XTS", "ZMK",
    ]

    static let currencies: [P] =
        [
            P("balance money in \"usd\" (found, not written canonically)", sure: "invalid_payload") {
                $0.set(B.balance + ".money.currency", string: "usd")
            },
            P("balance money in \"Usd\"", sure: "invalid_payload") { $0.set(B.balance + ".money.currency", string: "Usd") },
            P("balance money in KELVIN SIGN + WD (lower-cases to kwd)", sure: "invalid_payload") {
                $0.set(B.balance + ".money.currency", string: "\u{212A}WD")
            },
            P("balance money in XYZ", sure: "invalid_currency") { $0.set(B.balance + ".money.currency", string: "XYZ") },
            P("balance money in \"\"", sure: "invalid_currency") { $0.set(B.balance + ".money.currency", string: "") },
            P("balance money in \"USD \"", sure: "invalid_currency") { $0.set(B.balance + ".money.currency", string: "USD ") },
            P("balance money currency 840", sure: "invalid_payload") { $0.set(B.balance + ".money.currency", raw: "840") },
            P("balance money in XYZ with direction up: the currency first", sure: "invalid_currency") {
                $0.set(B.balance + ".money.currency", string: "XYZ")
                $0.set(B.balance + ".money.direction", string: "up")
            },
            P("balance money amount -1 in XYZ: the amount first", sure: "invalid_payload") {
                $0.set(B.balance + ".money.currency", string: "XYZ")
                $0.set(B.balance + ".money.amount", string: "-1")
            },
            P("foreign_amount in XYZ", sure: "invalid_currency") { $0.set(tx + ".foreign_amount.currency", string: "XYZ") },
            P("foreign_amount in BOV", sure: "invalid_currency") { $0.set(tx + ".foreign_amount.currency", string: "BOV") },
            P("foreign_amount in BTC", sure: "accepted") { $0.set(tx + ".foreign_amount.currency", string: "BTC") },
            P("foreign_amount null", sure: "invalid_payload") { $0.set(tx + ".foreign_amount", raw: "null") },
        ]
        + ["BOV", "CHE", "XCG", "ZWG", "VED"].map { code in
            P("balance money in \(code) (ISO, not Sure's) on a USD account", sure: "invalid_currency") {
                $0.set(B.balance + ".money.currency", string: code)
            }
        }
        + ["BTC", "USDT", "GBX", "XAU", "XTS", "ANG", "BGN", "SLL"].map { code in
            P("balance money in \(code) (Sure's, not ISO's) on a USD account", sure: "currency_mismatch") {
                $0.set(B.balance + ".money.currency", string: code)
            }
        }
        + sureOnlyCodes.map { code in
            P("an account in \(code), all its money in \(code)", sure: "accepted") { $0.useCurrency(code) }
        }

    @Test(
        "currencies: Sure's own table, canonical spelling, then the account's currency (Sure: app/models/financekit/payload.rb, money!, through lib/money/currency.rb and config/currencies.yml)",
        arguments: currencies)
    func currencyRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Amounts and other fields

    static let amounts: [P] =
        [
            "0", "1", "1.234", "1.2345", "100.5", "900000000000000",
        ].map { amount in P("amount \(amount)", sure: "accepted") { $0.set(tx + ".amount.amount", string: amount) } }
        + [
            "1000000000000000", "1.12345", "-1", "01", "1e2", "NaN", ".5", "1.", "", " 1", "1,5",
        ].map { amount in P("amount \"\(amount)\"", sure: "invalid_payload") { $0.set(tx + ".amount.amount", string: amount) } }
        + [
            P("amount 12.34 as a JSON number", sure: "invalid_payload") { $0.set(tx + ".amount.amount", raw: "12.34") },
            P("amount 100.5 on a JPY account", sure: "accepted") {
                $0.useCurrency("JPY")
                $0.set(tx + ".amount.amount", string: "100.5")
            },
            P("amount 1.2345 on a KWD account", sure: "accepted") {
                $0.useCurrency("KWD")
                $0.set(tx + ".amount.amount", string: "1.2345")
            },
            P("amount with a fourth key", sure: "invalid_payload") { $0.set(tx + ".amount.note", string: "x") },
            P("amount in protocol 1's credit_debit", sure: "invalid_payload") {
                $0.set(tx + ".amount.direction", nil)
                $0.set(tx + ".amount.credit_debit", string: "debit")
            },
            P("direction up", sure: "invalid_payload") { $0.set(tx + ".amount.direction", string: "up") },
            P("foreign_exchange_rate of 18 and 18 digits", sure: "accepted") {
                $0.set(tx + ".foreign_exchange_rate", string: String(repeating: "9", count: 18) + "." + String(repeating: "9", count: 18))
            },
            P("foreign_exchange_rate as a JSON number", sure: "invalid_payload") { $0.set(tx + ".foreign_exchange_rate", raw: "1.1") },
            P("merchant_category_code 5411.0", sure: "invalid_payload") { $0.set(tx + ".merchant_category_code", raw: "5411.0") },
            P("merchant_category_code 32768", sure: "invalid_payload") { $0.set(tx + ".merchant_category_code", raw: "32768") },
            P("merchant_category_code -32768", sure: "accepted") { $0.set(tx + ".merchant_category_code", raw: "-32768") },
            P("status unknown", sure: "accepted") { $0.set(tx + ".status", string: "unknown") },
            P("status cleared", sure: "invalid_payload") { $0.set(tx + ".status", string: "cleared") },
            P("an event of kind history", sure: "invalid_payload") { $0.set("events.4.kind", string: "history") },
            P("an event that is a string", sure: "invalid_payload") { $0.set("events.4", string: "account_unavailable") },
            P("the same balance at the same instant spelled +00:00: not a duplicate", sure: "accepted") {
                guard var balance = $0.body.value(at: ["events", "1"]) else { return }
                balance.set(["balance", "observed_at"], to: .string("2026-09-10T11:00:00+00:00"))
                $0.body.append(at: ["events"], balance)
            },
            P("the same balance twice", sure: "duplicate_record") {
                guard let balance = $0.body.value(at: ["events", "1"]) else { return }
                $0.body.append(at: ["events"], balance)
            },
            P("the account upserted twice", sure: "duplicate_record") {
                guard let account = $0.body.value(at: ["events", "0"]) else { return }
                $0.body.append(at: ["events"], account)
            },
            P("a transaction upserted and tombstoned", sure: "duplicate_record") {
                $0.set(B.tombstone + ".source_id", string: "7a000000-0000-4000-8000-000000000001")
            },
        ]

    @Test(
        "amounts and the other fields of a record (Sure: app/models/financekit/payload.rb, money!, validate_transaction! and unique!)",
        arguments: amounts)
    func recordRules(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    // MARK: - Deliberate differences

    /// What Sure accepts and purse refuses, and nothing else: every one is refused only once all
    /// of Sure's own checks have passed, so an error Sure would report still comes first.
    static let deliberate: [P] = [
        P("a comment /* */", sure: "accepted", purse: "invalid_json") { $0.rewrite = { "{/* from the phone */" + $0.dropFirst() } },
        P("a comment //", sure: "accepted", purse: "invalid_json") { $0.rewrite = { "{// from the phone\n" + $0.dropFirst() } },
        P("amount 999999999999999.9999", sure: "accepted", purse: "invalid_payload") {
            $0.set(tx + ".amount.amount", string: "999999999999999.9999")
        },
        P("amount 900000000000000.0001", sure: "accepted", purse: "invalid_payload") {
            $0.set(tx + ".amount.amount", string: "900000000000000.0001")
        },
        P("foreign_amount 999999999999999.9999", sure: "accepted", purse: "invalid_payload") {
            $0.set(tx + ".foreign_amount.amount", string: "999999999999999.9999")
        },
        P("balance 999999999999999.9999", sure: "accepted", purse: "invalid_payload") {
            $0.set(B.balance + ".money.amount", string: "999999999999999.9999")
        },
        P("transacted_at on February 30", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-02-30T00:00:00Z")
        },
        P("transacted_at on April 31", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-04-31T00:00:00Z")
        },
        P("transacted_at with a two-digit year", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "26-09-01T06:00:00Z")
        },
        P("transacted_at in year -0001", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "-0001-01-01T00:00:00Z")
        },
        P("transacted_at offset +05:60", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T06:00:00+05:60")
        },
        P("transacted_at 24:00:01 carried back by +01:00", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(tx + ".transacted_at", string: "2026-09-01T24:00:01+01:00")
        },
        P("opening_date in year 12026 (no order rule)", sure: "accepted", purse: "invalid_timestamp") {
            $0.set(B.account + ".opening_date", string: "12026-01-01T00:00:00Z")
        },
    ]

    @Test("deliberate differences: Sure accepts, purse refuses", arguments: deliberate)
    func deliberateDifferences(probe: P) {
        #expect(probe.sure == "accepted")
        #expect(probe.batch.answer == probe.purse)
    }

    /// A value purse declines gives way to any error Sure itself would report later in the batch.
    static let sureFirst: [P] = [
        P("amount 999999999999999.9999, then the transaction tombstoned too", sure: "duplicate_record") {
            $0.set(tx + ".amount.amount", string: "999999999999999.9999")
            $0.set(B.tombstone + ".source_id", string: "7a000000-0000-4000-8000-000000000001")
        },
        P("balance 999999999999999.9999, then a transaction in EUR", sure: "currency_mismatch") {
            $0.set(B.balance + ".money.amount", string: "999999999999999.9999")
            $0.set(tx + ".amount.currency", string: "EUR")
        },
        P("captured_at on February 30 (March 2), then a transaction after it", sure: "invalid_payload") {
            $0.set("captured_at", string: "2026-02-30T12:00:00Z")
            $0.set(B.balance + ".observed_at", string: "2026-03-01T00:00:00Z")
        },
        P("opening_date on April 31, then a tombstone of another mapping version", sure: "mapping_conflict") {
            $0.set(B.account + ".opening_date", string: "2020-04-31T00:00:00Z")
            $0.set(B.tombstone + ".mapping_version", raw: "2")
        },
    ]

    @Test("a deliberate refusal waits until Sure's own checks have all passed", arguments: sureFirst)
    func sureCodesComeFirst(probe: P) {
        #expect(probe.batch.answer == probe.sure)
    }

    @Test("the refusal of a large amount names purse's limit, and says Sure would take it")
    func amountLimitMessage() throws {
        var batch = SureProbeBatch()
        batch.set(Self.tx + ".amount.amount", string: "999999999999999.9999")
        guard case .failure(let error) = batch.result else {
            Issue.record("accepted")
            return
        }
        #expect(
            error
                == SureError(
                    .invalidPayload,
                    "events[2].transaction.amount.amount 999999999999999.9999 is over purse's limit of 900,000,000,000,000 (Sure takes up to 999,999,999,999,999.9999; purse keeps amounts exactly in 64 bits and never rounds)"
                ))
    }

    @Test("a time Sure normalises is refused with invalid_timestamp, naming the field and what purse takes")
    func normalisedTimeMessage() throws {
        var batch = SureProbeBatch()
        batch.set(Self.tx + ".transacted_at", string: "2026-02-30T00:00:00Z")
        guard case .failure(let error) = batch.result else {
            Issue.record("accepted")
            return
        }
        #expect(error.code == .invalidTimestamp)
        #expect(error.message.hasPrefix("events[2].transaction.transacted_at '2026-02-30T00:00:00Z' is not a real ISO 8601 time"))
    }
}
