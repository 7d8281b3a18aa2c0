import ArgumentParser

/// `strata bench raster`: the Natural Earth anchor workload, rasterize + encode only.
struct BenchRaster: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "raster", abstract: "Rasterizer + PNG benchmark.")
    func run() async throws { throw ValidationError("bench raster is not built yet") }
}
