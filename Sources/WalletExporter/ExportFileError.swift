import Foundation

/// A file operation of the exporter that failed, with the file and the system's reason.
public struct ExportFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let path: String
    public let operation: String
    public let code: Int32

    init(_ url: URL, _ operation: String, _ code: Int32) {
        path = url.path
        self.operation = operation
        self.code = code
    }

    public var description: String { "\(path): \(operation): \(String(cString: strerror(code)))" }
}
