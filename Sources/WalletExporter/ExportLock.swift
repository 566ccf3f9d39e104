import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive lock on the export for one run, held by an open file: the app and its
/// background extension are two processes writing one export. It is never waited for (iOS
/// suspends a process that waits on a lock in a shared container): a second writer is `busy`.
/// Closing the file (also when the process dies) releases it.
final class ExportLock {
    private let descriptor: Int32

    init(_ url: URL) throws {
        descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw ExportFileError(url, "cannot open the lock file", errno) }
        // On failure the file is closed by deinit alone: an initialiser that throws once every
        // property is set still runs deinit, and a second close would close whatever file
        // another thread had opened under the same number meanwhile.
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            if code == EWOULDBLOCK { throw WalletExporterError.busy }
            throw ExportFileError(url, "cannot lock it", code)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
