// SPDX-License-Identifier: GPL-3.0-only
// Copyright (C) 2026 The farkle authors

//! The database: every room's log, written before anything is acknowledged.
//!
//! Two backends with the same schema and the same guarantees:
//! - **SQLite**, for one server process: write-ahead-log mode with `synchronous = FULL`, so
//!   a commit is on disk when [`Store::append`] returns and a server killed at any moment
//!   restarts with every acknowledged entry.
//! - **PostgreSQL**, which several server processes share. The primary key of a room's log
//!   serialises them: of two processes appending entry *n* of a room, one insert fails
//!   ([`StoreError::Conflict`]) and that process catches up instead. Each append notifies the
//!   other processes in the same transaction ([`ROOM_CHANNEL`], see `bus.rs`).
//!
//! The schema is versioned by the migrations in `server/migrations/` (one folder per backend,
//! the same versions); a database written by a newer server (one with migrations this one
//! does not know) is refused rather than guessed at.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

use crate::config::Database;
use crate::room::Entry;

/// The PostgreSQL channel an append notifies, with the room's code, the entry's number and
/// the entry (`"CODE SEQ JSON"`, or `"CODE SEQ"` for an entry too long to carry) as the
/// payload.
pub const ROOM_CHANNEL: &str = "farkle_room";

/// The longest entry a notification carries: PostgreSQL's payloads stop at 8,000 bytes.
const MOST_NOTIFIED_ENTRY: usize = 7_000;

/// The payload of a room's notification (see [`ROOM_CHANNEL`]).
fn room_note(code: &str, seq: u64, json: &str) -> String {
    if json.len() <= MOST_NOTIFIED_ENTRY {
        format!("{code} {seq} {json}")
    } else {
        format!("{code} {seq}")
    }
}

/// How long a request waits for a database connection before it is refused as unavailable
/// (a database that is down must not hold every player's request for long).
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// A migration: version, description and SQL, compiled in.
type Migrations = &'static [(i64, &'static str, &'static str)];

/// The schema's migrations for each backend, in order, with the same versions. A new
/// migration is a new file in both folders and a new line here, never a change to an old one
/// (its checksum is recorded in every database).
const SQLITE_MIGRATIONS: Migrations = &[(
    1,
    "rooms",
    include_str!("../migrations/sqlite/0001_rooms.sql"),
)];
const POSTGRES_MIGRATIONS: Migrations = &[(
    1,
    "rooms",
    include_str!("../migrations/postgres/0001_rooms.sql"),
)];

/// The compiled-in migrations, as sqlx's migrator reads them.
#[derive(Debug)]
struct Embedded(Migrations);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(
        self,
    ) -> Pin<Box<dyn Future<Output = Result<Vec<Migration>, BoxDynError>> + Send + 's>> {
        Box::pin(async move {
            Ok(self
                .0
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
    /// Another server process appended this entry of the room first.
    #[error("room {code}: another server stored entry {seq} first")]
    Conflict {
        /// The room.
        code: String,
        /// The entry's number.
        seq: u64,
    },
    /// Another process holds this SQLite database.
    #[error(
        "another farkle-server is using {0}; a SQLite database serves one process (give \
         this one another --database, or share a PostgreSQL database between them)"
    )]
    InUse(String),
    /// The lock beside a SQLite database could not be taken.
    #[error("{path}: {error}")]
    Lock {
        /// The lock file.
        path: String,
        /// Why.
        error: std::io::Error,
    },
    /// The database itself failed.
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    /// The migrations failed.
    #[error("database migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// Whether the write failed for want of space: SQLite's SQLITE_FULL (the disk, or the
    /// configured size limit) or PostgreSQL's disk_full.
    pub fn is_full(&self) -> bool {
        match self {
            StoreError::Database(sqlx::Error::Database(e)) => {
                matches!(e.code().as_deref(), Some("13" | "53100"))
            }
            _ => false,
        }
    }
}

/// The database of rooms.
#[derive(Debug, Clone)]
pub struct Store {
    backend: Backend,
}

#[derive(Debug, Clone)]
enum Backend {
    Sqlite {
        pool: SqlitePool,
        /// Held by each write transaction (the writer task's, a new room's). SQLite lets one
        /// writer in at a time and makes the others sleep and retry (1 ms, then 2, 5, 10 ...
        /// 100 ms): under load, writers that met there took hundreds of milliseconds
        /// (docs/benchmarks.md).
        writer: Arc<tokio::sync::Mutex<()>>,
        /// The entries waiting for the writer task ([`Store::append`]).
        appends: tokio::sync::mpsc::UnboundedSender<Pending>,
        /// The lock that keeps other processes out, held as long as the store is.
        _lock: Arc<std::fs::File>,
    },
    /// PostgreSQL takes concurrent writers itself (and syncs their commits together).
    Postgres(PgPool),
}

/// An entry waiting to be written, and who waits for it.
#[derive(Debug)]
struct Pending {
    code: String,
    seq: i64,
    entry: String,
    finished: bool,
    done: tokio::sync::oneshot::Sender<Result<(), sqlx::Error>>,
}

/// The most entries written in one transaction.
const MOST_IN_ONE_WRITE: usize = 512;

/// Writes `batch` in one transaction: all of it or none.
async fn write_batch(pool: &SqlitePool, batch: &[Pending]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    for p in batch {
        sqlx::query("INSERT INTO room_log (code, seq, entry) VALUES ($1, $2, $3)")
            .bind(&p.code)
            .bind(p.seq)
            .bind(&p.entry)
            .execute(&mut *tx)
            .await?;
        if p.finished {
            sqlx::query("UPDATE rooms SET finished_at = $1 WHERE code = $2")
                .bind(now())
                .bind(&p.code)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await
}

/// The task that writes the rooms' entries to SQLite: each time, every entry waiting (up to
/// [`MOST_IN_ONE_WRITE`]) in one transaction, so one sync to disk for them all, then the
/// answer to each. When the transaction fails, each entry is tried again alone, so that one
/// bad entry cannot refuse the others. The queue holds at most one entry per room in memory
/// (a room waits for its entry before it takes the next change). The task ends with the
/// last [`Store`].
fn spawn_writer(
    pool: SqlitePool,
    writer: Arc<tokio::sync::Mutex<()>>,
) -> tokio::sync::mpsc::UnboundedSender<Pending> {
    let (appends, mut queue) = tokio::sync::mpsc::unbounded_channel::<Pending>();
    tokio::spawn(async move {
        while let Some(first) = queue.recv().await {
            // The lock first: what comes meanwhile joins this write.
            let _writing = writer.lock().await;
            let mut batch = vec![first];
            while batch.len() < MOST_IN_ONE_WRITE {
                match queue.try_recv() {
                    Ok(p) => batch.push(p),
                    Err(_) => break,
                }
            }
            if write_batch(&pool, &batch).await.is_ok() {
                for p in batch {
                    let _ = p.done.send(Ok(()));
                }
            } else {
                for p in batch {
                    let result = write_batch(&pool, std::slice::from_ref(&p)).await;
                    let _ = p.done.send(result);
                }
            }
        }
    });
    appends
}

/// Runs `$body` with `$pool` bound to the backend's pool: the SQL is the same text for
/// both (`$1`-style parameters, which SQLite reads too), compiled once per backend.
macro_rules! with_pool {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.backend {
            Backend::Sqlite { pool: $pool, .. } => $body,
            Backend::Postgres($pool) => $body,
        }
    };
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn entry_json(entry: &Entry) -> String {
    serde_json::to_string(entry).expect("entries serialise")
}

fn seq_number(seq: u64) -> i64 {
    i64::try_from(seq).expect("fewer than 2^63 entries")
}

/// Whether `e` is the primary key refusing a second entry with the same number.
fn is_conflict(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// Reads a room's entries from rows of (seq, entry), checking that they follow on from
/// entry `first`.
fn entries_from(
    code: &str,
    first: i64,
    rows: Vec<(i64, String)>,
) -> Result<Vec<Entry>, StoreError> {
    let corrupt = |seq, message: String| StoreError::Corrupt {
        code: code.to_owned(),
        seq,
        message,
    };
    let mut entries = Vec::with_capacity(rows.len());
    for (seq, text) in rows {
        if seq != first + entries.len() as i64 {
            return Err(corrupt(seq, "entries are missing".into()));
        }
        entries.push(serde_json::from_str(&text).map_err(|e| corrupt(seq, e.to_string()))?);
    }
    Ok(entries)
}

/// Takes the lock beside a SQLite database (`FILE.lock`): two processes on one SQLite file
/// would not see each other's changes. The lock goes with the process, however it ends.
fn lock_sqlite(path: &Path) -> Result<std::fs::File, StoreError> {
    let mut lock_path = path.as_os_str().to_owned();
    lock_path.push(".lock");
    let lock_path = PathBuf::from(lock_path);
    let io = |error| StoreError::Lock {
        path: lock_path.display().to_string(),
        error,
    };
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(io)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => {
            Err(StoreError::InUse(path.display().to_string()))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(io(e)),
    }
}

impl Store {
    /// Opens the database (creating a SQLite file if missing) and brings its schema up to
    /// date. Several servers starting at once on one PostgreSQL database are safe: sqlx's
    /// migrator holds an advisory lock while it runs.
    ///
    /// With `max_bytes`, writes that would grow a SQLite database past it fail as on a full
    /// disk (SQLite's `max_page_count`, which cannot go below the database's size: a
    /// database already that large takes no new page). PostgreSQL's size is its operator's.
    pub async fn open(database: &Database, max_bytes: Option<u64>) -> Result<Store, StoreError> {
        let (backend, migrations) = match database {
            Database::Sqlite(path) => {
                let lock = lock_sqlite(path)?;
                let options = SqliteConnectOptions::from_str("sqlite:")?
                    .filename(path)
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5));
                let pool = SqlitePoolOptions::new()
                    .max_connections(4)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .after_connect(move |connection, _| {
                        Box::pin(async move {
                            if let Some(max_bytes) = max_bytes {
                                let page: i64 = sqlx::query_scalar("PRAGMA page_size")
                                    .fetch_one(&mut *connection)
                                    .await?;
                                let pages = max_bytes / u64::try_from(page.max(1)).unwrap_or(1);
                                sqlx::query(&format!("PRAGMA max_page_count = {}", pages.max(1)))
                                    .execute(&mut *connection)
                                    .await?;
                            }
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?;
                let writer: Arc<tokio::sync::Mutex<()>> = Arc::default();
                let appends = spawn_writer(pool.clone(), writer.clone());
                let backend = Backend::Sqlite {
                    pool,
                    writer,
                    appends,
                    _lock: Arc::new(lock),
                };
                (backend, SQLITE_MIGRATIONS)
            }
            Database::Postgres(url) => {
                let options = PgConnectOptions::from_str(url)?.application_name("farkle-server");
                let pool = PgPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await?;
                (Backend::Postgres(pool), POSTGRES_MIGRATIONS)
            }
        };
        let store = Store { backend };
        let migrator = Migrator::new(Embedded(migrations)).await?;
        let known = migrator.iter().map(|m| m.version).max().unwrap_or(0);
        // No table yet (a new database) reads as no version.
        let found: Option<i64> = with_pool!(store, pool => {
            sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations")
                .fetch_one(pool)
                .await
                .ok()
                .flatten()
        });
        if let Some(found) = found.filter(|&f| f > known) {
            return Err(StoreError::Newer { found, known });
        }
        with_pool!(store, pool => migrator.run(pool).await)?;
        Ok(store)
    }

    /// Whether other server processes may share this database (PostgreSQL).
    pub fn shared(&self) -> bool {
        matches!(self.backend, Backend::Postgres(_))
    }

    /// The PostgreSQL pool, for the listener of the other processes' notifications.
    pub fn postgres(&self) -> Option<&PgPool> {
        match &self.backend {
            Backend::Postgres(pool) => Some(pool),
            Backend::Sqlite { .. } => None,
        }
    }

    /// Stores a new room with its first entry, in one transaction.
    pub async fn create_room(&self, code: &str, entry: &Entry) -> Result<(), StoreError> {
        let _writing = match &self.backend {
            Backend::Sqlite { writer, .. } => Some(writer.lock().await),
            Backend::Postgres(_) => None,
        };
        with_pool!(self, pool => {
            let mut tx = pool.begin().await?;
            sqlx::query("INSERT INTO rooms (code, created_at) VALUES ($1, $2)")
                .bind(code)
                .bind(now())
                .execute(&mut *tx)
                .await?;
            sqlx::query("INSERT INTO room_log (code, seq, entry) VALUES ($1, 1, $2)")
                .bind(code)
                .bind(entry_json(entry))
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
        });
        Ok(())
    }

    /// Appends entry number `seq` of a room (the room's version once it is applied).
    /// `finished` marks the room's game over in the same transaction. When another process
    /// stored entry `seq` first, nothing is written and the error is
    /// [`StoreError::Conflict`]. With SQLite the writer task writes it, with the entries of
    /// other rooms waiting at the same time; either way it is stored when this returns `Ok`.
    pub async fn append(
        &self,
        code: &str,
        seq: u64,
        entry: &Entry,
        finished: bool,
    ) -> Result<(), StoreError> {
        let conflict = |e: sqlx::Error| {
            if is_conflict(&e) {
                StoreError::Conflict {
                    code: code.to_owned(),
                    seq,
                }
            } else {
                StoreError::Database(e)
            }
        };
        match &self.backend {
            Backend::Sqlite { appends, .. } => {
                let (done, result) = tokio::sync::oneshot::channel();
                let closed = || StoreError::Database(sqlx::Error::PoolClosed);
                appends
                    .send(Pending {
                        code: code.to_owned(),
                        seq: seq_number(seq),
                        entry: entry_json(entry),
                        finished,
                        done,
                    })
                    .map_err(|_| closed())?;
                result.await.map_err(|_| closed())?.map_err(conflict)
            }
            Backend::Postgres(pool) => {
                // One statement, so one round trip and one implicit transaction: the entry,
                // the game marked over when it is, and the notification to the other
                // processes, delivered when (and only if) the statement commits.
                let json = entry_json(entry);
                sqlx::query(
                    "WITH stored AS (\
                         INSERT INTO room_log (code, seq, entry) VALUES ($1, $2, $3) \
                         RETURNING code), \
                     over AS (\
                         UPDATE rooms SET finished_at = $4 WHERE code = $1 AND $5 \
                         RETURNING code) \
                     SELECT pg_notify($6, $7) FROM stored",
                )
                .bind(code)
                .bind(seq_number(seq))
                .bind(&json)
                .bind(now())
                .bind(finished)
                .bind(ROOM_CHANNEL)
                .bind(room_note(code, seq, &json))
                .execute(pool)
                .await
                .map_err(conflict)?;
                Ok(())
            }
        }
    }

    /// A room's log, or `None` when there is no such room.
    pub async fn room_log(&self, code: &str) -> Result<Option<Vec<Entry>>, StoreError> {
        let entries = self.entries_after(code, 0).await?;
        Ok((!entries.is_empty()).then_some(entries))
    }

    /// A room's entries after its version `version` (none when it is up to date).
    pub async fn entries_after(&self, code: &str, version: u64) -> Result<Vec<Entry>, StoreError> {
        let after = seq_number(version);
        let rows: Vec<(i64, String)> = with_pool!(self, pool => {
            sqlx::query_as("SELECT seq, entry FROM room_log WHERE code = $1 AND seq > $2 ORDER BY seq")
                .bind(code)
                .bind(after)
                .fetch_all(pool)
                .await?
        });
        entries_from(code, after + 1, rows)
    }

    /// The codes of the rooms whose games are not over.
    pub async fn open_rooms(&self) -> Result<Vec<String>, StoreError> {
        Ok(with_pool!(self, pool => {
            sqlx::query_scalar("SELECT code FROM rooms WHERE finished_at IS NULL ORDER BY code")
                .fetch_all(pool)
                .await?
        }))
    }

    /// Sends `payload` on a PostgreSQL channel to every server process listening (nothing
    /// with SQLite, which has one process).
    pub async fn notify(&self, channel: &str, payload: &str) -> Result<(), StoreError> {
        if let Backend::Postgres(pool) = &self.backend {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(channel)
                .bind(payload)
                .execute(pool)
                .await?;
        }
        Ok(())
    }

    /// Waits for the connections to the database to be given back, and closes them (for
    /// SQLite, the last one folds its write-ahead log into the file).
    pub async fn close(&self) {
        with_pool!(self, pool => pool.close().await);
    }

    /// Whether the database answers.
    pub async fn ping(&self) -> bool {
        with_pool!(self, pool => sqlx::query("SELECT 1").execute(pool).await.is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn entries_waiting_together_are_written_and_a_bad_one_is_refused_alone() {
        let dir = std::env::temp_dir().join(format!("farkle-store-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let database = Database::Sqlite(dir.join("server.sqlite"));
        let store = Store::open(&database, None).await.unwrap();
        let codes: Vec<String> = (0..20).map(|i| format!("room{i:02}")).collect();
        for code in &codes {
            store.create_room(code, &Entry::SeatAdded).await.unwrap();
        }
        // While the lock is held, the second entry of every room and a second entry 1 of
        // the first room (which the primary key refuses) wait: one write takes them all.
        let Backend::Sqlite { writer, .. } = &store.backend else {
            unreachable!("a SQLite store")
        };
        let held = writer.clone().lock_owned().await;
        let mut appends = Vec::new();
        for code in &codes {
            let (store, code) = (store.clone(), code.clone());
            appends.push(tokio::spawn(async move {
                store.append(&code, 2, &Entry::SeatAdded, false).await
            }));
        }
        let duplicate = {
            let (store, code) = (store.clone(), codes[0].clone());
            tokio::spawn(async move { store.append(&code, 1, &Entry::SeatAdded, false).await })
        };
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        drop(held);
        for append in appends {
            append.await.unwrap().unwrap();
        }
        assert!(matches!(
            duplicate.await.unwrap(),
            Err(StoreError::Conflict { seq: 1, .. })
        ));
        for code in &codes {
            let log = store.room_log(code).await.unwrap().unwrap();
            assert_eq!(log.len(), 2, "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
