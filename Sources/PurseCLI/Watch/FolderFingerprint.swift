import Foundation

/// What the watched folders look like (each file's name, size, modification time and file
/// number, and the folders' own), so a wake-up with nothing new in it costs no sync.
struct FolderFingerprint: Equatable {
    private var entries: [String] = []

    init(folders: [String]) {
        for folder in folders {
            entries.append(Self.describe(folder))
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for name in names.sorted() {
                entries.append(Self.describe(folder + "/" + name))
            }
        }
    }

    private static func describe(_ path: String) -> String {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return path + " missing" }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let number = (attributes[.systemFileNumber] as? NSNumber)?.uint64Value ?? 0
        return "\(path) \(size) \(modified) \(number)"
    }
}
