import ArgumentParser
import Foundation

/// Finds `config/server.json`: an explicit `--config`, else `config/server.json` under the
/// working directory, else under the package root the executable was built in
/// (`<root>/.build/<triple>/<configuration>/strata`).
enum ServeConfigLocator {
    static func locate(explicit: String?) throws -> String {
        let fm = FileManager.default
        if let explicit {
            guard fm.fileExists(atPath: explicit) else {
                FileHandle.standardError.write(Data("strata: configuration error: \(explicit): file not found\n".utf8))
                throw ExitCode(2)
            }
            return explicit
        }
        let cwdConfig = fm.currentDirectoryPath + "/config/server.json"
        if fm.fileExists(atPath: cwdConfig) { return cwdConfig }
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = dir.appendingPathComponent("config/server.json").path
            if fm.fileExists(atPath: candidate) { return candidate }
            dir.deleteLastPathComponent()
        }
        FileHandle.standardError.write(Data("strata: configuration error: config/server.json not found in \(fm.currentDirectoryPath) or the package root; pass --config PATH\n".utf8))
        throw ExitCode(2)
    }
}
