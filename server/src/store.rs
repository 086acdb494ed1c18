// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The database: every room's log, written before anything is acknowledged.
//!
//! SQLite in write-ahead-log mode with `synchronous = FULL`: a commit is on disk when
//! [`Store::append`] returns, so a server killed at any moment restarts with every
//! acknowledged entry. The schema is versioned by the migrations in `server/migrations/`;
//! a database written by a newer server (one with migrations this one does not know) is
//! refused rather than guessed at.

use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use std::future::Future;
use std::pin::Pin;

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};

use crate::room::Entry;

/// The schema's migrations, in order: version, description and the SQL of each file of
/// `server/migrations/`, compiled in. A new migration is a new file and a new line here,
/// never a change to an old one (its checksum is recorded in every database).
const MIGRATIONS: &[(i64, &str, &str)] =
    &[(1, "rooms", include_str!("../migrations/0001_rooms.sql"))];

/// The compiled-in migrations, as sqlx's migrator reads them.
#[derive(Debug)]
struct Embedded;

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>> {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, description, sql)| {
                    Migration::new(
                        version,
                        description.into(),
                        MigrationType::Simple,
                        sql.into(),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// Why the database could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database was written by a newer farkle-server.
    #[error(
        "the database is at schema version {found}, newer than this farkle-server knows \
         ({known}); run the newer server, or give this one another --database"
    )]
    Newer {
        /// The database's version.
        found: i64,
        /// The newest version this server knows.
        known: i64,
    },
    /// A stored entry is not one this server reads.
    #[error("room {code}, entry {seq}: {message}")]
    Corrupt {
        /// The room.
        code: String,
        /// The entry's number.
        seq: i64,
        /// What is wrong.
        message: String,
    },
    /// The database itself failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations failed.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The database of rooms.
#[derive(Debug, Clone)]
pub struct Store {
    pool: SqlitePool,
    /// Held by each write transaction. SQLite lets one writer in at a time and makes the
    /// others sleep and retry (1 ms, then 2, 5, 10 ... 100 ms): under load, writers that
    /// wait here in turn instead took hundreds of milliseconds (docs/benchmarks.md).
    writer: Arc<tokio::sync::Mutex<()>>,
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

impl Store {
    /// Opens (creating it if missing) the SQLite database at `path` and brings its schema up
    /// to date.
    pub async fn open(path: &Path) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite:")?
            .filename(path)
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(std::time::Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await?;
        let migrator = Migrator::new(Embedded).await?;
        let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        let has_table: Option<(String,)> = sqlx::query_as(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations'",
        )
        .fetch_optional(&pool)
        .await?;
        if has_table.is_some() {
            let found: Option<i64> =
                sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations")
                    .fetch_one(&pool)
                    .await?;
            if let Some(found) = found.filter(|&f| f > known) {
                return Err(StoreError::Newer { found, known });
            }
        }
        migrator.run(&pool).await?;
        Ok(Store {
            pool,
            writer: Arc::default(),
        })
    }

    /// Stores a new room with its first entry, in one transaction.
    pub async fn create_room(&self, code: &str, entry: &Entry) -> Result<(), StoreError> {
        let _writing = self.writer.lock().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO rooms (code, created_at) VALUES (?, ?)")
            .bind(code)
            .bind(now())
            .execute(&mut *tx)
            .await?;
        sqlx::query("INSERT INTO room_log (code, seq, entry) VALUES (?, 1, ?)")
            .bind(code)
            .bind(serde_json::to_string(entry).expect("entries serialise"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Appends entry number `seq` of a room (the room's version once it is applied). The
    /// primary key refuses a second entry with the same number. `finished` marks the room's
    /// game over in the same transaction.
    pub async fn append(
        &self,
        code: &str,
        seq: u64,
        entry: &Entry,
        finished: bool,
    ) -> Result<(), StoreError> {
        let seq = i64::try_from(seq).expect("fewer than 2^63 entries");
        let _writing = self.writer.lock().await;
        let mut tx = self.pool.begin().await?;
        sqlx::query("INSERT INTO room_log (code, seq, entry) VALUES (?, ?, ?)")
            .bind(code)
            .bind(seq)
            .bind(serde_json::to_string(entry).expect("entries serialise"))
            .execute(&mut *tx)
            .await?;
        if finished {
            sqlx::query("UPDATE rooms SET finished_at = ? WHERE code = ?")
                .bind(now())
                .bind(code)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// A room's log, or `None` when there is no such room.
    pub async fn room_log(&self, code: &str) -> Result<Option<Vec<Entry>>, StoreError> {
        let rows = sqlx::query("SELECT seq, entry FROM room_log WHERE code = ? ORDER BY seq")
            .bind(code)
            .fetch_all(&self.pool)
            .await?;
        if rows.is_empty() {
            return Ok(None);
        }
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.get(0);
            let text: String = row.get(1);
            if seq != entries.len() as i64 + 1 {
                return Err(StoreError::Corrupt {
                    code: code.to_owned(),
                    seq,
                    message: "entries are missing".into(),
                });
            }
            entries.push(
                serde_json::from_str(&text).map_err(|e| StoreError::Corrupt {
                    code: code.to_owned(),
                    seq,
                    message: e.to_string(),
                })?,
            );
        }
        Ok(Some(entries))
    }

    /// The codes of the rooms whose games are not over.
    pub async fn open_rooms(&self) -> Result<Vec<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT code FROM rooms WHERE finished_at IS NULL ORDER BY code")
                .fetch_all(&self.pool)
                .await?,
        )
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        sqlx::query("SELECT 1").execute(&self.pool).await.is_ok()
    }
}
