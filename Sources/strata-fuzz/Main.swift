import Foundation

#if STRATA_FUZZ
/// libFuzzer's driver (SwiftPM links the executable's own `main`, so libFuzzer's is not used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32
#endif

/// Fuzz build (`-DSTRATA_FUZZ`, `-sanitize=fuzzer`): hands the arguments to libFuzzer.
/// Plain build: replays files (or every file in directories) through one harness, e.g.
/// `strata-fuzz --target json Tests/Fuzz/Seeds/json` (see docs/FUZZING.md).
@main
struct StrataFuzz {
    static func main() {
        #if STRATA_FUZZ
        guard environmentTarget != nil else {
            FileHandle.standardError.write(Data("set STRATA_FUZZ_TARGET to one of: \(FuzzTarget.names)\n".utf8))
            exit(2)
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzTestOneInput(data, size) })
        #else
        replay(Array(CommandLine.arguments.dropFirst()))
        #endif
    }

    static func replay(_ arguments: [String]) {
        var args = arguments
        var target = environmentTarget
        if args.count >= 2, args[0] == "--target" {
            target = FuzzTarget(rawValue: args[1])
            args.removeFirst(2)
        }
        guard let target, !args.isEmpty else {
            print("usage: strata-fuzz [--target NAME] FILE|DIR...  (or STRATA_FUZZ_TARGET=NAME); targets: \(FuzzTarget.names)")
            exit(2)
        }
        var files: [String] = []
        for a in args {
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: a, isDirectory: &isDir) else { print("no such file: \(a)"); exit(2) }
            if isDir.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: a)) ?? []
                files += names.sorted().map { a + "/" + $0 }
            } else {
                files.append(a)
            }
        }
        for f in files {
            guard let data = FileManager.default.contents(atPath: f) else { continue }
            [UInt8](data).withUnsafeBytes { target.run($0) }
        }
        print("\(target.rawValue): \(files.count) inputs replayed, no invariant failed")
    }
}
