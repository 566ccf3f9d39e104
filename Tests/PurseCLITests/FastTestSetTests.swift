import Foundation
import Testing

/// `swift test` cannot skip by tag, so the README's fast command skips the slow suites by name:
/// this keeps that list and the suites tagged `.slow` the same.
@Suite("README's fast test command skips exactly the suites tagged slow")
struct FastTestSetTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The type names of the suites whose `@Suite(...)` attribute carries `.slow`.
    static func slowSuites() throws -> Set<String> {
        var names: Set<String> = []
        let files = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift", url.lastPathComponent != "Tags.swift" else { continue }
            var rest = try String(contentsOf: url, encoding: .utf8)[...]
            while let attribute = rest.range(of: "@Suite(") {
                rest = rest[attribute.upperBound...]
                guard let declaration = rest.range(of: #"(struct|class) \w+"#, options: .regularExpression) else { break }
                if rest[..<declaration.lowerBound].contains(".slow") {
                    names.insert(String(rest[declaration].split(separator: " ")[1]))
                }
                rest = rest[declaration.upperBound...]
            }
        }
        return names
    }

    /// The names in the README's `swift test --skip '...'` command.
    static func skippedInREADME() throws -> Set<String> {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "swift test --skip '"))
        let end = try #require(readme[start.upperBound...].firstIndex(of: "'"))
        return Set(readme[start.upperBound..<end].split(separator: "|").map(String.init))
    }

    @Test("every suite tagged .slow is in the README's --skip list, and nothing else is")
    func sameSuites() throws {
        let slow = try Self.slowSuites()
        #expect(slow.contains("SyncWatchTests") && slow.contains("ExporterPropertyTests"))
        #expect(try Self.skippedInREADME() == slow)
    }
}
