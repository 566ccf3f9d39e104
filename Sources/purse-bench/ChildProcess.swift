import Foundation

/// Runs a program to its end and reports its wall time and peak resident memory, read from the
/// kernel's accounting of the child (wait4's rusage), not from inside it.
struct ChildProcess {
    struct Measurement {
        let seconds: Double
        let peakResidentBytes: Int64
        let status: Int32
    }

    static func run(
        _ executable: String, _ arguments: [String], stdout: String = "/dev/null",
        environment: [String: String] = [:]
    ) throws -> Measurement {
        var fileActions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let start = DispatchTime.now()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &fileActions, nil, argv, envp)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): error \(spawned)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchmarkError("wait4 failed: \(errno)") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #if os(macOS)
        let peak = Int64(usage.ru_maxrss)
        #else
        let peak = Int64(usage.ru_maxrss) * 1024
        #endif
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Measurement(seconds: seconds, peakResidentBytes: peak, status: exitStatus)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension ChildProcess {
    /// The program of that name on the PATH, as a shell would find it.
    static func onPath(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
