import Foundation
import JSON
import Renderer
import SourceData
import StyleSpec

/// The style an export draws, found as the server finds it: a published style's name (the
/// config's `styles` list or `stylesDir/NAME.json`) or a style file, read and checked as the
/// server reads published styles (tileserver-gl URL adaptation, URL policy), so the exported
/// tiles are the server's tiles of that style byte for byte.
public enum ExportStyle {
    /// The style, its name for the archive's metadata, and its sources' attribution.
    public static func load(_ arg: String, config: ServerConfig, directory: DataDirectory,
                            customLayers: CustomLayerRegistry?) throws -> (style: LiveStyle, name: String, attribution: String?) {
        let isFile = FileManager.default.fileExists(atPath: arg)
        guard isFile || ServerConfig.isValidStyleName(arg) else {
            throw ExportError("--style \(arg): no such file, and not a style name")
        }
        let path = isFile ? arg : config.stylePath(named: arg)
        guard FileManager.default.fileExists(atPath: path) else {
            throw ExportError("--style \(arg): no style file \(path) (published styles are the config's styles list and \(config.stylesDir)/NAME.json)")
        }
        var json = try StrataApp.readStyleFile(path)
        json = config.tileserverGLURLs?.adapt(json, file: path) ?? json
        let style: LiveStyle
        do {
            style = try LiveStyle.load(json, customLayers: customLayers)
            try StyleURLPolicy(directory: directory).check(style.style)
        } catch let e as StyleError {
            throw ExportError("\(path): \(e.description)")
        } catch let e as APIError {
            throw ExportError("\(path): \(e.message)")
        }
        let name = isFile ? ((path as NSString).lastPathComponent as NSString).deletingPathExtension : arg
        let archives = PublishedData()
        archives.publish(directory.archives)
        let attribution = PublishedTileJSON.attribution(style.style.sources.map { .object($0.json) }, of: archives.attribution(ofSource:))
        return (style, json["name"]?.stringValue ?? name, attribution.isEmpty ? nil : attribution)
    }
}
