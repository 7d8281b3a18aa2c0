/// The one place a `store` setting becomes a store: `:memory:`, `postgres://…` or an SQLite file.
public enum SessionStoreFactory {
    /// Opens (and for PostgreSQL connects to and migrates) the store; start-up problems are
    /// `ConfigError`s naming the store without its password.
    public static func make(_ setting: String, connections: Int) throws -> any SessionStore {
        if setting == ":memory:" { return MemorySessionStore() }
        if PostgresURL.isPostgres(setting) {
            return try PostgresSessionStore(url: PostgresURL(setting), maxConnections: connections)
        }
        do { return try SQLiteSessionStore(path: setting) } catch {
            throw ConfigError(file: "store", message: "\(setting): \(error)")
        }
    }

    /// The setting as it may be logged: a PostgreSQL URL loses its password.
    public static func describe(_ setting: String) -> String {
        guard PostgresURL.isPostgres(setting) else { return setting }
        return (try? PostgresURL(setting, environment: [:]).description) ?? "postgres://(malformed URL)"
    }
}
