import Foundation
import Testing

/// Compares `actual` exactly with the golden file `name` of the calling suite:
/// `Golden/SUITE/name` beside the test's source file, SUITE being that file's name (one suite a
/// file). With `RECORD_GOLDEN=1` it writes the file instead and fails the test, so a recording
/// run never passes for a check.
public func expectGolden(
    _ actual: String, _ name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let source = URL(fileURLWithPath: filePath)
    let suite = source.deletingPathExtension().lastPathComponent
    let folder = source.deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(suite)
    let url = folder.appendingPathComponent(name)
    let shown = "Golden/\(suite)/\(name)"
    if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        Issue.record("recorded \(shown): run again without RECORD_GOLDEN to compare", sourceLocation: sourceLocation)
        return
    }
    let expected = try String(contentsOf: url, encoding: .utf8)
    #expect(
        actual == expected, "differs from \(shown)\(firstDifference(actual, expected)); RECORD_GOLDEN=1 rewrites it",
        sourceLocation: sourceLocation)
}

/// Where two texts first differ, by line, for a failure a reader can act on without a diff tool.
private func firstDifference(_ actual: String, _ expected: String) -> String {
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let wanted = expected.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(got.count, wanted.count) {
        let line = index < got.count ? String(got[index]) : "(end)"
        let want = index < wanted.count ? String(wanted[index]) : "(end)"
        if line != want { return " at line \(index + 1): expected \"\(want)\", got \"\(line)\"" }
    }
    return ""
}
