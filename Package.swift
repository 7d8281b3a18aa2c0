// swift-tools-version:6.0
// Strata: a raster map tile server with a live, per-session style.
// Targets are layered as in ../shared/DESIGN.md; imports only go downward.
// Release builds use SwiftPM's defaults (-O, whole-module): bounds checks and preconditions
// stay on; hot kernels use unsafe buffer pointers where measured (docs/BENCHMARKS.md).
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "strata", targets: ["strata"]),
        // For a package of your own that registers custom layer renderers and runs the server
        // with them (docs/CUSTOM_LAYERS.md).
        .library(name: "StrataKit", targets: ["TileServer", "Renderer", "Raster", "StyleSpec", "Geo", "JSON", "SourceData"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        // The PostgreSQL session store (several nodes sharing sessions): NIO-native client.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.21.0"),
        // postgres-nio's own TLS dependency, named so the store can configure `sslmode`.
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        // Remote sources (TileJSON, tiles, sprites, glyphs, GeoJSON, images) over HTTP(S).
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // SHA-256 of remote URLs and bodies (disk cache names, content versions); already resolved for postgres-nio.
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
    ],
    targets: [
        // C shim around libpng: every libpng call and its setjmp live here.
        .target(name: "CLibPNG", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("z"), .linkedLibrary("deflate"), .linkedLibrary("isal")]),
        // C shim around zlib's inflate (gzip/zlib tiles in archives).
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // JSON values with source positions, ordered objects and JSON pointers (stdlib only).
        .target(name: "JSON"),
        // Web Mercator, tile ids, bounds, clipping, simplification (stdlib only).
        .target(name: "Geo"),
        // SplitMix64, the one seeded generator (synthetic workloads, benchmarks, tests).
        .target(name: "SplitMix"),
        // Map-agnostic 2D rasterizer: paths, AA coverage, SIMD compositing.
        .target(name: "Raster", exclude: ["README.md"]),
        // PNG encode/decode of RGBA buffers.
        .target(name: "PNGCodec", dependencies: ["CLibPNG"]),
        // C shim around libjpeg-turbo decompression (Debian libjpeg62-turbo-dev): its longjmp
        // error exit stays in C.
        .target(name: "CLibJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
        // C shim around libwebp decoding (Debian libwebp-dev).
        .target(name: "CLibWebP", linkerSettings: [.linkedLibrary("webp")]),
        // Decoding of untrusted raster images: PNG, JPEG and WebP sniffed by signature.
        .target(name: "ImageCodec", dependencies: ["PNGCodec", "CLibJPEG", "CLibWebP"]),
        // Style model, expressions, validation, commands and diff.
        // v8.json is the generator's input (Scripts/generate-spec-tables.py), not a run-time resource.
        .target(name: "StyleSpec", dependencies: ["Geo", "JSON", .product(name: "Crypto", package: "swift-crypto")],
                exclude: ["Resources/v8.json"]),
        // GeoJSON, tile index, vector tiles, archives, TileJSON.
        .target(name: "SourceData", dependencies: ["Geo", "JSON", "CZlib", "SplitMix", .product(name: "GRDB", package: "GRDB.swift")]),
        // FreeType (Debian libfreetype-dev), seen through its pkg-config flags; no unsafe flags.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        // HarfBuzz (Debian libharfbuzz-dev): OpenType shaping of labels in fonts read as files.
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        // C shim around ICU (Debian libicu-dev): bidi levels and UAX #14 line breaks. ICU renames
        // its symbols per version (ubidi_open_72); the shim keeps Swift free of those names.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("icuuc"), .linkedLibrary("icui18n")]),
        // Fonts from TTF/OTF files: outlines through FreeType, MapLibre's SDF glyphs and PBF ranges,
        // shaping with HarfBuzz, bidi and line breaks with ICU.
        .target(name: "Fonts", dependencies: ["CFreeType", "CHarfBuzz", "CICU", "SourceData"]),
        // Style + data -> pixels.
        .target(name: "Renderer", dependencies: ["Geo", "JSON", "StyleSpec", "SourceData", "Raster", "PNGCodec", "ImageCodec", "Fonts"]),
        // HTTP on SwiftNIO, routes, sessions, caches, config.
        .target(name: "TileServer", dependencies: [
            "Renderer", "Fonts", "PNGCodec", "ImageCodec", "JSON", "StyleSpec", "SourceData", "Geo", "Raster",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "CoreMetrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // CLI: serve, render, bench.
        .executableTarget(name: "strata", dependencies: [
            "TileServer", "Renderer", "Fonts", "PNGCodec", "ImageCodec", "Raster", "Geo", "SourceData", "StyleSpec", "JSON", "SplitMix",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // libFuzzer harnesses for every reader of untrusted bytes (docs/FUZZING.md, Scripts/fuzz.sh);
        // a plain build replays files through them.
        .executableTarget(name: "strata-fuzz", dependencies: ["JSON", "Geo", "StyleSpec", "SourceData", "PNGCodec", "ImageCodec"]),

        // Test inputs outside the package (../shared, tools): skip locally, fail under CI=true.
        .target(name: "StrataTestSupport", dependencies: ["JSON", "SplitMix"], path: "Tests/Support/StrataTestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
        .testTarget(name: "FontsTests", dependencies: ["Fonts", "SourceData", "JSON", "StrataTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "GeoTests", dependencies: ["Geo", "SplitMix"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "PNGCodec", "SplitMix"], resources: [.copy("References")]),
        .testTarget(name: "ImageCodecTests", dependencies: ["ImageCodec", "PNGCodec"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PNGCodecTests", dependencies: ["PNGCodec", "CLibPNG", "SplitMix", "StrataTestSupport"]),
        .testTarget(name: "StyleSpecTests", dependencies: ["StyleSpec", "JSON", "Geo", "SplitMix", "StrataTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "SourceDataTests", dependencies: ["SourceData", "JSON", "Geo", "SplitMix", "StrataTestSupport",
                                                           .product(name: "GRDB", package: "GRDB.swift")]),
        // MapLibre render tests played in process (Tests/RendererTests/Cases, see its NOTICE).
        .testTarget(name: "RendererTests", dependencies: ["Renderer", "Fonts", "PNGCodec", "ImageCodec", "StyleSpec", "SourceData", "JSON", "Raster", "Geo", "SplitMix", "StrataTestSupport"],
                    exclude: ["Failures", "Annotations/References"], resources: [.copy("Cases"), .copy("PixelmatchPairs"), .copy("ImageFixtures")]),
        .testTarget(name: "TileServerTests", dependencies: ["TileServer", "JSON", "StyleSpec", "Renderer", "Raster", "Geo", "SplitMix", "StrataTestSupport",
                                                           .product(name: "NIOCore", package: "swift-nio"),
                                                           .product(name: "NIOHTTP1", package: "swift-nio"),
                                                           .product(name: "NIOPosix", package: "swift-nio"),
                                                           .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                                                           .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")]),
        // Starts the real `strata` binary and drives it with curl (Tests/integration/*.sh).
        .testTarget(name: "IntegrationTests", dependencies: ["strata"]),
    ]
)
