import Foundation
import PurseTestSupport

/// A file-sync tool (iCloud Drive, Syncthing, Resilio) carrying the phone's export folder to the
/// computer: each file arrives whole, replaced by rename, as it is at the moment it is copied (so
/// a file being written arrives with a partial last line), and files arrive independently of
/// each other, some now, some at a later delivery; a file removed on the phone goes too.
struct FileSyncDelivery {
    let source: URL
    let destination: URL

    /// Brings every file (`everything`), or a random part of them, to the destination.
    func deliver(everything: Bool, random: inout SeededRandom) throws {
        let files = try Self.files(under: source)
        let delivered = try Self.files(under: destination)
        for path in files.sorted() where everything || path == "export.json" || random.below(10) < 7 {
            let from = source.appendingPathComponent(path)
            let to = destination.appendingPathComponent(path)
            guard let data = try? Data(contentsOf: from) else { continue }  // removed meanwhile
            try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: to, options: .atomic)
        }
        for path in delivered.subtracting(files).sorted() where everything || random.below(10) < 7 {
            try FileManager.default.removeItem(at: destination.appendingPathComponent(path))
        }
    }

    /// Every file under `root`, by its path relative to it.
    static func files(under root: URL) throws -> Set<String> {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files = Set<String>()
        while let path = walker.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.insert(path)
            }
        }
        return files
    }
}
