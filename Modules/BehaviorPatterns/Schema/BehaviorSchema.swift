import AnalyticsCore
import GRDB

/// The behavior database schema. Migrations are named, append-only and written with plain table
/// and column names; a migration that has landed is never edited.
///
/// Instants (`occurred_at`, `created_at`, …) are INTEGER milliseconds since 1970 UTC (`Instant`,
/// the one storage form of every domain; whole seconds before `behavior-2`), so range scans and
/// the conversion to a local day in any zone are cheap; `datetime(occurred_at / 1000,
/// 'unixepoch')` reads them in SQL. Calendar days (`since`, `stopped_on`) are `YYYY-MM-DD` text.
enum BehaviorSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("behavior-1-entries-medications-journal") { db in
      try db.execute(
        sql: """
          CREATE TABLE pattern_entry (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            occurred_at INTEGER NOT NULL,
            category TEXT NOT NULL,
            pattern_type TEXT NOT NULL,
            intensity INTEGER CHECK (intensity BETWEEN 1 AND 5),
            duration_minutes INTEGER CHECK (duration_minutes > 0),
            context_notes TEXT,
            specific_details TEXT,
            custom_name TEXT,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            CHECK ((pattern_type = 'custom-pattern') = (custom_name IS NOT NULL))
          );
          CREATE INDEX pattern_entry_time ON pattern_entry (occurred_at);
          CREATE TABLE tag (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE
          );
          CREATE TABLE entry_tag (
            entry_id INTEGER NOT NULL REFERENCES pattern_entry(id) ON DELETE CASCADE,
            tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
            PRIMARY KEY (entry_id, tag_id)
          ) WITHOUT ROWID;
          CREATE INDEX entry_tag_tag ON entry_tag (tag_id, entry_id);
          CREATE TABLE favorite_pattern (
            pattern_type TEXT PRIMARY KEY,
            position INTEGER NOT NULL
          );
          CREATE TABLE medication (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            dosage TEXT,
            frequency TEXT NOT NULL CHECK (frequency IN
              ('daily', 'twice-daily', 'three-times-daily', 'weekly', 'as-needed')),
            since TEXT NOT NULL,
            stopped_on TEXT,
            notes TEXT,
            created_at INTEGER NOT NULL
          );
          CREATE TABLE medication_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            medication_id INTEGER NOT NULL REFERENCES medication(id) ON DELETE CASCADE,
            occurred_at INTEGER NOT NULL,
            taken INTEGER NOT NULL,
            skipped_reason TEXT,
            effectiveness INTEGER CHECK (effectiveness BETWEEN 1 AND 5),
            mood INTEGER CHECK (mood BETWEEN 1 AND 5),
            energy_level INTEGER CHECK (energy_level BETWEEN 1 AND 5),
            side_effects TEXT,
            notes TEXT,
            created_at INTEGER NOT NULL
          );
          CREATE INDEX medication_log_time ON medication_log (occurred_at);
          CREATE INDEX medication_log_medication ON medication_log (medication_id, occurred_at);
          CREATE TABLE journal_entry (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            occurred_at INTEGER NOT NULL,
            title TEXT NOT NULL,
            content TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
          );
          CREATE INDEX journal_entry_time ON journal_entry (occurred_at);
          CREATE VIRTUAL TABLE journal_fts USING fts5(
            title, content, content='journal_entry', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2'
          );
          CREATE TRIGGER journal_fts_insert AFTER INSERT ON journal_entry BEGIN
            INSERT INTO journal_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
          END;
          CREATE TRIGGER journal_fts_delete AFTER DELETE ON journal_entry BEGIN
            INSERT INTO journal_fts(journal_fts, rowid, title, content)
              VALUES ('delete', old.id, old.title, old.content);
          END;
          CREATE TRIGGER journal_fts_update AFTER UPDATE ON journal_entry BEGIN
            INSERT INTO journal_fts(journal_fts, rowid, title, content)
              VALUES ('delete', old.id, old.title, old.content);
            INSERT INTO journal_fts(rowid, title, content) VALUES (new.id, new.title, new.content);
          END;
          CREATE TABLE journal_tag (
            journal_id INTEGER NOT NULL REFERENCES journal_entry(id) ON DELETE CASCADE,
            tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE,
            PRIMARY KEY (journal_id, tag_id)
          ) WITHOUT ROWID;
          CREATE INDEX journal_tag_tag ON journal_tag (tag_id, journal_id);
          CREATE TABLE journal_link (
            journal_id INTEGER NOT NULL REFERENCES journal_entry(id) ON DELETE CASCADE,
            entry_id INTEGER NOT NULL REFERENCES pattern_entry(id) ON DELETE CASCADE,
            PRIMARY KEY (journal_id, entry_id)
          ) WITHOUT ROWID;
          CREATE INDEX journal_link_entry ON journal_link (entry_id);
          """)
    }
    migrator.registerMigration("behavior-2-instants-in-milliseconds") { db in
      try db.execute(
        sql: """
          UPDATE pattern_entry SET occurred_at = occurred_at * 1000,
            created_at = created_at * 1000, updated_at = updated_at * 1000;
          UPDATE medication SET created_at = created_at * 1000;
          UPDATE medication_log SET occurred_at = occurred_at * 1000,
            created_at = created_at * 1000;
          UPDATE journal_entry SET occurred_at = occurred_at * 1000,
            created_at = created_at * 1000, updated_at = updated_at * 1000;
          """)
    }
    migrator.registerMigration("behavior-3-dose-dosage") { db in
      // Each dose keeps the dosage it was taken at: editing a medication's dosage to "100 mg"
      // relabelled a month of 50 mg doses (issue 30). Doses logged before take their
      // medication's dosage now, the only one known.
      try db.execute(
        sql: """
          ALTER TABLE medication_log ADD COLUMN dosage TEXT;
          UPDATE medication_log SET dosage = (
            SELECT dosage FROM medication WHERE medication.id = medication_log.medication_id);
          """)
    }
    migrator.registerMigration("behavior-4-dosage-changes") { db in
      // A dosage change is an event of a medication's history (issue 30): when it happened, and
      // from what to what. Changes made before are found where the doses show them: the first
      // dose logged at another dosage than the dose logged before it (in the order they were
      // logged, as each took the medication's dosage of that moment; behavior-3), between two
      // known dosages (a dose without one says nothing of a change). Its time is when that dose
      // was logged: doses and changes are placed by when they were entered, as each dose took
      // the dosage of that moment.
      try db.execute(
        sql: """
          CREATE TABLE medication_dosage_change (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            medication_id INTEGER NOT NULL REFERENCES medication(id) ON DELETE CASCADE,
            changed_at INTEGER NOT NULL,
            from_dosage TEXT,
            to_dosage TEXT
          );
          CREATE INDEX medication_dosage_change_medication
            ON medication_dosage_change (medication_id, changed_at);
          INSERT INTO medication_dosage_change (medication_id, changed_at, from_dosage, to_dosage)
            SELECT medication_id, created_at, previous, dosage FROM (
              SELECT medication_id, created_at, dosage,
                LAG(dosage) OVER (PARTITION BY medication_id ORDER BY created_at, id) AS previous
              FROM medication_log)
            WHERE previous IS NOT NULL AND dosage IS NOT NULL AND previous <> dosage;
          """)
    }
    migrator.registerMigration("behavior-5-check-ins") { db in
      // A daily check-in (issue 35): one per local day, mood, energy and sleep, and the person's
      // own daily ratings (Pain 0–10), each with the way it points.
      try db.execute(
        sql: """
          CREATE TABLE daily_rating (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            scale_min INTEGER NOT NULL,
            scale_max INTEGER NOT NULL,
            polarity TEXT NOT NULL DEFAULT 'neither'
              CHECK (polarity IN ('higher-is-better', 'higher-is-harder', 'neither')),
            created_at INTEGER NOT NULL,
            CHECK (scale_min < scale_max)
          );
          CREATE TABLE check_in (
            day TEXT PRIMARY KEY NOT NULL,
            mood INTEGER CHECK (mood BETWEEN 1 AND 5),
            energy INTEGER CHECK (energy BETWEEN 1 AND 5),
            sleep_minutes INTEGER CHECK (sleep_minutes BETWEEN 0 AND 1440),
            note TEXT,
            updated_at INTEGER NOT NULL
          ) WITHOUT ROWID;
          CREATE TABLE check_in_rating (
            day TEXT NOT NULL REFERENCES check_in(day) ON DELETE CASCADE,
            rating_id INTEGER NOT NULL REFERENCES daily_rating(id) ON DELETE CASCADE,
            value INTEGER NOT NULL,
            PRIMARY KEY (day, rating_id)
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("behavior-6-reminders") { db in
      // Dose times per medication and the app's settings (the log-today reminder time), for
      // `due` and the calendar feed (issue 35 §3).
      try db.execute(
        sql: """
          ALTER TABLE medication ADD COLUMN dose_times TEXT;
          CREATE TABLE setting (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
          """)
    }
    return migrator
  }
}
