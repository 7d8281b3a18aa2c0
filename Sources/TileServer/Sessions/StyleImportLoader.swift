import Foundation
import JSON
import SourceData
import StyleSpec

/// Reads the styles a style's `imports` name by `url`: a published style id (its document as
/// published), a style name of `stylesDir` (or of a tileserver-gl config's list), or a `.json`
/// file inside the data directory. Remote styles are refused by name. Runs where the style is
/// loaded or changed, which is never an event loop.
struct StyleImportLoader: StyleImportLoading {
    let config: ServerConfig
    let published: PublishedStyles
    let directory: DataDirectory?

    func loadStyle(_ url: String) -> Result<JSONValue, ImportReadError> {
        if url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("mapbox://") {
            return .failure(ImportReadError("remote styles cannot be imported; use a published style id, a style name or a .json file of the data directory"))
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
