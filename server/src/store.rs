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
    /// Held by each write transaction (the writer task's, a new room's). SQLite lets one
    /// writer in at a time and makes the others sleep and retry (1 ms, then 2, 5, 10 ...
    /// 100 ms): under load, writers that met there took hundreds of milliseconds
    /// (docs/benchmarks.md).
    writer: Arc<tokio::sync::Mutex<()>>,
    /// The entries waiting for the writer task ([`Store::append`]).
    appends: tokio::sync::mpsc::UnboundedSender<Pending>,
}

/// An entry waiting to be written, and who waits for it.
#[derive(Debug)]
struct Pending {
    code: String,
    seq: i64,
    entry: String,
    finished: bool,
    done: tokio::sync::oneshot::Sender<Result<(), StoreError>>,
}

/// The most entries written in one transaction.
const MOST_IN_ONE_WRITE: usize = 512;

/// Writes `batch` in one transaction: all of it or none.
async fn write_batch(pool: &SqlitePool, batch: &[Pending]) -> Result<(), StoreError> {
    let mut tx = pool.begin().await?;
    for p in batch {
        sqlx::query("INSERT INTO room_log (code, seq, entry) VALUES (?, ?, ?)")
            .bind(&p.code)
            .bind(p.seq)
            .bind(&p.entry)
            .execute(&mut *tx)
            .await?;
        if p.finished {
            sqlx::query("UPDATE rooms SET finished_at = ? WHERE code = ?")
                .bind(now())
                .bind(&p.code)
                .execute(&mut *tx)
                .await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The task that writes the rooms' entries: each time, every entry waiting (up to
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
        let writer: Arc<tokio::sync::Mutex<()>> = Arc::default();
        let appends = spawn_writer(pool.clone(), writer.clone());
        Ok(Store {
            pool,
            writer,
            appends,
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
    /// game over in the same transaction. The writer task writes it, with the entries of
    /// other rooms waiting at the same time: it is on disk when this returns `Ok`.
    pub async fn append(
        &self,
        code: &str,
        seq: u64,
        entry: &Entry,
        finished: bool,
    ) -> Result<(), StoreError> {
        let seq = i64::try_from(seq).expect("fewer than 2^63 entries");
        let (done, result) = tokio::sync::oneshot::channel();
        let closed = || StoreError::Database(sqlx::Error::PoolClosed);
        self.appends
            .send(Pending {
                code: code.to_owned(),
                seq,
                entry: serde_json::to_string(entry).expect("entries serialise"),
                finished,
                done,
            })
            .map_err(|_| closed())?;
        result.await.unwrap_or_else(|_| Err(closed()))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn entries_waiting_together_are_written_and_a_bad_one_is_refused_alone() {
        let dir = std::env::temp_dir().join(format!("farkle-store-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let store = Store::open(&dir.join("server.sqlite")).await.unwrap();
        let codes: Vec<String> = (0..20).map(|i| format!("room{i:02}")).collect();
        for code in &codes {
            store.create_room(code, &Entry::SeatAdded).await.unwrap();
        }
        // While the lock is held, the second entry of every room and a second entry 1 of
        // the first room (which the primary key refuses) wait: one write takes them all.
        let held = store.writer.clone().lock_owned().await;
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
        assert!(duplicate.await.unwrap().is_err());
        for code in &codes {
            let log = store.room_log(code).await.unwrap().unwrap();
            assert_eq!(log.len(), 2, "{code}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
