import ArgumentParser

/// `strata serve`: runs the HTTP server (implemented with the server-spine issue).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Run the tile server.")
    func run() async throws { throw ValidationError("serve is not built yet") }
}
