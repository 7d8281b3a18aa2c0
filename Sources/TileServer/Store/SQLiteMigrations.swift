import GRDB

/// The SQLite store's schema versions, applied in order by GRDB's migrator (each in its own
/// transaction, recorded in `grdb_migrations`), so a file written by any earlier version opens
/// and keeps its sessions.
enum SQLiteMigrations {
    static var migrator: DatabaseMigrator {
        var m = DatabaseMigrator()
        // Every revision stored whole (style + extras).
        m.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id TEXT PRIMARY KEY NOT NULL,
                    created_at REAL NOT NULL,
                    last_access REAL NOT NULL
                );
                CREATE TABLE revisions (
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    style TEXT NOT NULL,
                    extras TEXT NOT NULL,
                    operations TEXT NOT NULL,
                    undo_to INTEGER,
                    created REAL NOT NULL,
                    PRIMARY KEY (session_id, revision)
                );
                """)
        }
        // Revisions as a log: style and extras only on snapshot rows. SQLite cannot drop a NOT
        // NULL constraint in place, so the table is rebuilt; every existing row is a snapshot.
        m.registerMigration("v2-revision-log") { db in
            try db.execute(sql: """
                CREATE TABLE revisions_log (
                    session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
                    revision INTEGER NOT NULL,
                    operations TEXT NOT NULL,
                    style TEXT,
                    extras TEXT,
                    undo_to INTEGER,
                    created REAL NOT NULL,
                    PRIMARY KEY (session_id, revision),
                    CHECK ((style IS NULL) = (extras IS NULL))
                );
                INSERT INTO revisions_log (session_id, revision, operations, style, extras, undo_to, created)
                    SELECT session_id, revision, operations, style, extras, undo_to, created FROM revisions;
                DROP TABLE revisions;
                ALTER TABLE revisions_log RENAME TO revisions;
                """)
        }
        return m
    }
}
