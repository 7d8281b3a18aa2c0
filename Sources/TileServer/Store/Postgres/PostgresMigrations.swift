import Logging
import PostgresNIO

/// The store's schema, created and upgraded by Strata itself. Migrations are numbered and
/// applied in order inside one transaction that holds a transaction-level advisory lock, so
/// nodes starting together apply each migration exactly once and wait for each other.
enum PostgresMigrations {
    /// Arbitrary constant naming Strata's migration lock ("Strata" in ASCII, then 1).
    static let lockKey: Int64 = 0x5374_7261_7461_0001

    struct Migration {
        let version: Int
        let description: String
        let statements: [String]
    }

    static let all: [Migration] = [
        Migration(version: 1, description: "sessions and their revisions", statements: [
            """
            CREATE TABLE strata_sessions (
                id text PRIMARY KEY,
                created_at double precision NOT NULL,
                last_access double precision NOT NULL,
                revision integer NOT NULL
            )
            """,
            """
            CREATE TABLE strata_revisions (
                session_id text NOT NULL REFERENCES strata_sessions(id) ON DELETE CASCADE,
                revision integer NOT NULL,
                style text NOT NULL,
                extras text NOT NULL,
                operations text NOT NULL,
                undo_to integer,
                created double precision NOT NULL,
                PRIMARY KEY (session_id, revision)
            )
            """,
        ]),
        Migration(version: 2, description: "index for the idle-session sweep", statements: [
            "CREATE INDEX strata_sessions_last_access ON strata_sessions (last_access)",
        ]),
        // Every existing row keeps its style and extras, so it becomes a snapshot row.
        Migration(version: 3, description: "revisions as a log: style and extras only on snapshot rows", statements: [
            """
            ALTER TABLE strata_revisions
                ALTER COLUMN style DROP NOT NULL,
                ALTER COLUMN extras DROP NOT NULL,
                ADD CONSTRAINT strata_revisions_snapshot_whole CHECK ((style IS NULL) = (extras IS NULL))
            """,
        ]),
    ]

    static var latest: Int { all.last!.version }

    /// Brings the database to `latest`. Throws a `ConfigError` naming the problem when the
    /// database is newer than this build or holds Strata's tables without a version record.
    /// Returns the version found before migrating (0 for an empty database).
    @discardableResult
    static func migrate(_ pool: PostgresConnectionPool, logger: Logger) throws -> Int {
        try pool.transaction { conn in
            try conn.run("SELECT pg_advisory_xact_lock(\(lockKey))", logger)
            let hasVersions = try conn.run("SELECT to_regclass('strata_schema_migrations') IS NOT NULL", logger)
                .first?.decode(Bool.self) ?? false
            var found = 0
            if hasVersions {
                found = try conn.run("SELECT COALESCE(MAX(version), 0) FROM strata_schema_migrations", logger)
                    .first?.decode(Int.self) ?? 0
            } else {
                let hasTables = try conn.run("SELECT to_regclass('strata_sessions') IS NOT NULL", logger)
                    .first?.decode(Bool.self) ?? false
                if hasTables {
                    throw ConfigError(file: "store", message: """
                        \(pool.url): table strata_sessions exists but strata_schema_migrations does not: \
                        this database was not set up by Strata's migrations; use an empty database
                        """)
                }
                try conn.run("""
                    CREATE TABLE strata_schema_migrations (
                        version integer PRIMARY KEY,
                        description text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """, logger)
            }
            if found > latest {
                throw ConfigError(file: "store", message: """
                    \(pool.url): the database schema is at version \(found), newer than this Strata's \
                    version \(latest): upgrade this node to the release the other nodes run
                    """)
            }
            for m in all where m.version > found {
                for sql in m.statements { try conn.run(PostgresQuery(unsafeSQL: sql), logger) }
                try conn.run("INSERT INTO strata_schema_migrations (version, description) VALUES (\(m.version), \(m.description))", logger)
                logger.notice("PostgreSQL store: applied schema migration \(m.version) (\(m.description))")
            }
            return found
        }
    }
}
