/// Lets compile functions return `Result<_, [StyleError]>`: every problem of a value is
/// reported at once, each with its own path.
extension Array: @retroactive Error where Element == StyleError {}
