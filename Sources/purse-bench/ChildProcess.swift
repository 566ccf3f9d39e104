import Foundation

/// Runs a program to its end and reports its wall time and peak resident memory, read from the
/// kernel's accounting of the child (wait4's rusage), not from inside it.
///
/// The child is forked, not spawned: glibc's posix_spawn shares the benchmark's memory until the
/// exec (vfork), and Linux then counts the benchmark's own peak as the child's, so every small
/// report read as heavy as the benchmark. A forked child starts from a copy of the benchmark's
/// private pages only, which any purse process outgrows.
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
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { _, new in new }
        // Everything the child touches is made before the fork: it may only call what is safe
        // in a copy of a process with threads (open, dup2, execve, _exit).
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        let paths = [strdup(executable), strdup(stdout), strdup("/dev/null")]
        defer {
            for pointer in argv + envp + paths { free(pointer) }
        }
        guard let program = paths[0], let output = paths[1], let null = paths[2] else {
            throw BenchmarkError("out of memory starting \(executable)")
        }
        let start = DispatchTime.now()
        #if os(Linux)
        let pid = fork()
        if pid == 0 {
            let outputFile = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            let nullFile = open(null, O_WRONLY)
            if outputFile < 0 || nullFile < 0 || dup2(outputFile, 1) < 0 || dup2(nullFile, 2) < 0 { _exit(126) }
            for file in [outputFile, nullFile] where file > 2 { close(file) }
            execve(program, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw BenchmarkError("cannot start \(executable): error \(errno)") }
        #elseif canImport(Darwin)
        // Swift offers no fork on Darwin.
        var fileActions: posix_spawn_file_actions_t = nil
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&fileActions, 2, null, O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &fileActions, nil, argv, envp)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(executable): error \(spawned)") }
        #else
        #error("purse-bench starts its children by fork (Linux) or posix_spawn (Darwin) only")
        #endif
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
