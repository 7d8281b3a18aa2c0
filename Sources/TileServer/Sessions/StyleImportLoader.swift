import Foundation
import JSON
import NIOCore
import NIOPosix
import SourceData
import StyleSpec

/// Reads the styles a style's `imports` name by `url`: a published style id (its document as
/// published), a style name of `stylesDir` (or of a tileserver-gl config's list), a `.json`
/// file inside the data directory, or an `http(s)` URL of an allowed remote host (fetched by
/// the remote fetcher: its address policy, cache and budget). Runs where the style is loaded
/// or changed — start-up, the blocking pool, the style watcher — never on an event loop.
struct StyleImportLoader: StyleImportLoading {
    let config: ServerConfig
    let published: PublishedStyles
    let directory: DataDirectory?
    let remote: RemoteFetcher?

    func loadStyle(_ url: String) -> Result<JSONValue, ImportReadError> {
        if url.hasPrefix("http://") || url.hasPrefix("https://") { return remoteStyle(url) }
        if url.hasPrefix("mapbox://") {
            return .failure(ImportReadError("mapbox:// styles cannot be imported; use a published style id, a style name, a .json file of the data directory or an http(s) URL"))
        }
        if !url.hasSuffix(".json") {
            guard ServerConfig.isValidStyleName(url) else { return .failure(ImportReadError("not a style name")) }
            if let p = published.style(url) { return .success(p.json) }
            let path = config.stylePath(named: url)
            guard FileManager.default.fileExists(atPath: path) else { return .failure(ImportReadError("no published style or style file named \"\(url)\"")) }
            return read(path)
        }
        guard let directory else { return .failure(ImportReadError("no data directory")) }
        do {
            guard case .file(let path) = try directory.resolve(url) else { return .failure(ImportReadError("not a file of the data directory")) }
            return read(path)
        } catch let e as DataPathError {
            return .failure(ImportReadError(e.message))
        } catch {
            return .failure(ImportReadError("\(error)"))
        }
    }

    /// A remote style: refused before connecting unless its host is allowed; fetched once and
    /// then served from the fetcher's cache (a style document is read like a TileJSON).
    private func remoteStyle(_ url: String) -> Result<JSONValue, ImportReadError> {
        guard let remote, let directory else { return .failure(ImportReadError("no remote host is allowed (remoteHosts)")) }
        do {
            guard case .remote = try directory.resolve(url) else { return .failure(ImportReadError("not a remote URL")) }
        } catch let e as DataPathError {
            return .failure(ImportReadError(e.message))
        } catch {
            return .failure(ImportReadError("\(error)"))
        }
        if MultiThreadedEventLoopGroup.currentEventLoop != nil {
            return .failure(ImportReadError("a remote style cannot be awaited on an event loop"))
        }
        do {
            // Not held yet (the fetcher says what is missing): fetch it, then read it.
            if let held = try? remote.bytes(url, kind: .tileJSON) { return parse(held) }
            try remote.fetch([RemoteResourceMissing(url: url, kind: .tileJSON)], on: MultiThreadedEventLoopGroup.singleton.next()).wait()
            guard let bytes = try remote.bytes(url, kind: .tileJSON) else { return .failure(ImportReadError("no answer")) }
            return parse(bytes)
        } catch let e as RemoteResourceMissing {
            return .failure(ImportReadError("\(e.url) was not fetched"))
        } catch {
            return .failure(ImportReadError("\(error)"))
        }
    }

    private func parse(_ bytes: [UInt8]) -> Result<JSONValue, ImportReadError> {
        do { return .success(try JSONParser.parse(bytes)) } catch let e as JSONParseError {
            return .failure(ImportReadError("malformed JSON: \(e.message) at line \(e.line), column \(e.column)"))
        } catch {
            return .failure(ImportReadError("\(error)"))
        }
    }

    private func read(_ path: String) -> Result<JSONValue, ImportReadError> {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > config.maxStyleBytes {
            return .failure(ImportReadError("the style file is larger than maxStyleBytes (\(config.maxStyleBytes))"))
        }
        do {
            let json = try StrataApp.readStyleFile(path)
            return .success(config.tileserverGLURLs?.adapt(json, file: path) ?? json)
        } catch let e as ConfigError {
            return .failure(ImportReadError(e.message))
        } catch {
            return .failure(ImportReadError("\(error)"))
        }
    }
}
