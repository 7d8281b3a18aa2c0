// swift-tools-version:6.0
// Strata: a raster map tile server with a live, per-session style.
// Targets are layered as in ../shared/DESIGN.md; imports only go downward.
import PackageDescription

let optimize: [SwiftSetting] = [.unsafeFlags(["-Ounchecked", "-wmo"], .when(configuration: .release))]

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
    ],
    targets: [
        // C shim around libpng: every libpng call and its setjmp live here.
        .target(name: "CLibPNG", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z")]),
        // C shim around zlib's inflate (gzip/zlib tiles in archives).
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // JSON values with source positions, ordered objects and JSON pointers (stdlib only).
        .target(name: "JSON", swiftSettings: optimize),
        // Web Mercator, tile ids, bounds, clipping, simplification (stdlib only).
        .target(name: "Geo", swiftSettings: optimize),
        // Map-agnostic 2D rasterizer: paths, stroker, AA coverage, SIMD compositing.
        .target(name: "Raster", exclude: ["README.md"], swiftSettings: optimize),
        // PNG encode/decode of RGBA buffers.
        .target(name: "PNGCodec", dependencies: ["CLibPNG"], swiftSettings: optimize),
        // Style model, expressions, validation, commands and diff.
        // v8.json is the generator's input (Scripts/generate-spec-tables.py), not a run-time resource.
        .target(name: "StyleSpec", dependencies: ["Geo", "JSON"], exclude: ["Resources/v8.json"], swiftSettings: optimize),
        // GeoJSON, tile index, vector tiles, archives, TileJSON.
        .target(name: "SourceData", dependencies: ["Geo", "JSON", "CZlib", .product(name: "GRDB", package: "GRDB.swift")], swiftSettings: optimize),
        // Style + data -> pixels.
        .target(name: "Renderer", dependencies: ["Geo", "JSON", "StyleSpec", "SourceData", "Raster", "PNGCodec"], swiftSettings: optimize),
        // HTTP on SwiftNIO, routes, sessions, caches, config.
        .target(name: "TileServer", dependencies: [
            "Renderer", "PNGCodec", "JSON", "StyleSpec", "SourceData", "Geo",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "GRDB", package: "GRDB.swift"),
        ], swiftSettings: optimize),
        // CLI: serve, render, bench.
        .executableTarget(name: "strata", dependencies: [
            "TileServer", "Renderer", "PNGCodec", "Raster", "Geo", "SourceData", "StyleSpec", "JSON",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ], swiftSettings: optimize),
        // libFuzzer harnesses for every reader of untrusted bytes (docs/FUZZING.md, Scripts/fuzz.sh);
        // a plain build replays files through them.
        .executableTarget(name: "strata-fuzz", dependencies: ["JSON", "Geo", "StyleSpec", "SourceData", "PNGCodec"]),

        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PNGCodec"], resources: [.copy("References")]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec"]),
        .testTarget(name: "StyleSpecTests", dependencies: ["StyleSpec", "JSON", "Geo"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SourceDataTests", dependencies: ["SourceData", "JSON", "Geo"]),
        // MapLibre render tests played in process (Tests/RendererTests/Cases, see its NOTICE).
        .testTarget(name: "RendererTests", dependencies: ["Renderer", "PNGCodec", "StyleSpec", "SourceData", "JSON", "Raster", "Geo"],
                    exclude: ["Failures"], resources: [.copy("Cases"), .copy("PixelmatchPairs")]),
        .testTarget(name: "TileServerTests", dependencies: ["TileServer"]),
        // Starts the real `strata` binary and drives it with curl (Tests/integration/*.sh).
        .testTarget(name: "IntegrationTests", dependencies: ["strata"]),
    ]
)
