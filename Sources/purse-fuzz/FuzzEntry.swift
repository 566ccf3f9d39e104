import Foundation

#if FUZZING
/// libFuzzer's driver, linked in by `-sanitize=fuzzer` (see README, "Fuzzing").
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

@main
struct FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(
            runFuzzerDriver(&argc, &argv) { data, size in
                FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            })
    }
}
#else
/// Without libFuzzer: replays the files given (a corpus or a crash) through the same target.
@main
struct FuzzReplay {
    static func main() {
        let files = CommandLine.arguments.dropFirst()
        guard !files.isEmpty else {
            print("usage: purse-fuzz FILE...  (replays inputs; build with -sanitize=fuzzer to fuzz, see README)")
            return
        }
        for file in files {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            data.withUnsafeBytes { FuzzTarget.run($0) }
        }
        print("replayed \(files.count) input(s) without a crash")
    }
}
#endif
