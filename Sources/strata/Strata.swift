import ArgumentParser

/// The `strata` command line: `serve`, `render`, `export`, `bench …`.
@main
struct Strata: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata",
        abstract: "A raster map tile server with a live, per-session MapLibre style.",
        subcommands: [Serve.self, Render.self, Export.self, Shape.self, Bench.self]
    )
}

/// `strata bench <workload>`: release-mode benchmarks printing one JSON line last.
struct Bench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Benchmarks (run with -c release); the last output line is one JSON object.",
        subcommands: [
            BenchRaster.self, BenchPNG.self, BenchFormats.self, BenchIndex.self,
            BenchTiles.self,
            BenchScaling.self, BenchViews.self,
        ]
    )
}
