import Foundation

#if FUZZING
/// libFuzzer's entry point (see README, "Fuzzing").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    FuzzTarget.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
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
