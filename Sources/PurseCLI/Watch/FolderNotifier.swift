import Foundation

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Waits until something in the watched folders may have changed, a timeout passes, or the wake
/// descriptor becomes readable (a stop was requested). The system tells of changes where it can
/// (inotify on Linux, kqueue on Apple platforms); otherwise, or when asked to poll, the wait is
/// the timeout alone and the caller compares fingerprints. A burst of changes (a file-sync tool
/// writing several files) is waited out for a moment, so that it becomes one sync.
final class FolderNotifier {
    private var descriptor: Int32 = -1
    private let wake: Int32
    #if canImport(Darwin)
    private var watched: [Int32] = []
    #endif

    /// Watches `folders` (their entries and the files in them) and the entries of `parents` (to
    /// see a watched folder replaced); with `polling`, nothing.
    init(folders: [String], parents: [String], polling: Bool, wake: Int32) {
        self.wake = wake
        guard !polling else { return }
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return }
        let entries = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_MOVE_SELF | IN_DELETE_SELF)
        for folder in folders {
            _ = inotify_add_watch(descriptor, folder, entries | UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB))
        }
        for parent in parents {
            _ = inotify_add_watch(descriptor, parent, entries)
        }
        #elseif canImport(Darwin)
        descriptor = kqueue()
        guard descriptor >= 0 else { return }
        // kqueue watches files it holds open: the folders (entries added, removed, renamed), each
        // file in them (written to, extended), and the wake pipe.
        var paths = folders + parents
        for folder in folders {
            paths += ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).map { folder + "/" + $0 }
        }
        var changes = [
            kevent(ident: UInt(wake), filter: Int16(EVFILT_READ), flags: UInt16(EV_ADD), fflags: 0, data: 0, udata: nil)
        ]
        for path in paths {
            let file = open(path, O_EVTONLY)
            guard file >= 0 else { continue }
            watched.append(file)
            changes.append(
                kevent(
                    ident: UInt(file), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                    fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB), data: 0, udata: nil))
        }
        _ = kevent(descriptor, changes, Int32(changes.count), nil, 0, nil)
        #endif
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
        #if canImport(Darwin)
        for file in watched { close(file) }
        #endif
    }

    func wait(seconds: Double) {
        guard descriptor >= 0 else {
            var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            _ = poll(&descriptors, 1, Self.milliseconds(seconds))
            return
        }
        guard changed(within: seconds) else { return }
        // Let the burst settle: until nothing new for 100 ms, at most a second.
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline, changed(within: 0.1) {}
    }

    /// True when the folders changed within `seconds` (the events are consumed); false after the
    /// timeout or when woken.
    private func changed(within seconds: Double) -> Bool {
        #if os(Linux)
        var descriptors = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0), pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
        guard poll(&descriptors, 2, Self.milliseconds(seconds)) > 0, descriptors[0].revents == 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        return true
        #elseif canImport(Darwin)
        var events = [kevent](repeating: kevent(), count: 32)
        var timeout = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        let count = kevent(descriptor, nil, 0, &events, Int32(events.count), &timeout)
        guard count > 0 else { return false }
        return !events[0..<Int(count)].contains { $0.ident == UInt(wake) }
        #else
        return false
        #endif
    }

    private static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min(max(seconds, 0) * 1000, Double(Int32.max)))
    }
}
