import GRDB

/// The RVU database schema. Migrations are named, append-only and written with plain table and
/// column names; a migration that has landed is never edited.
///
/// Amounts (RVUs) are integer hundredths; days are `YYYY-MM-DD` text; a missing modifier is stored
/// as `''` so that `UNIQUE (year, hcpcs, modifier)` holds.
enum RVUSchema {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("rvu-1-catalog-visits-favorites") { db in
      try db.execute(
        sql: """
          CREATE TABLE catalog_version (
            year INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            source TEXT NOT NULL,
            imported_at DATETIME NOT NULL,
            row_count INTEGER NOT NULL
          );
          CREATE TABLE catalog_code (
            id INTEGER PRIMARY KEY,
            year INTEGER NOT NULL REFERENCES catalog_version(year) ON DELETE CASCADE,
            hcpcs TEXT NOT NULL,
            modifier TEXT NOT NULL DEFAULT '',
            description TEXT NOT NULL,
            status_code TEXT NOT NULL,
            work_rvu INTEGER NOT NULL,
            non_facility_pe_rvu INTEGER NOT NULL,
            facility_pe_rvu INTEGER NOT NULL,
            malpractice_rvu INTEGER NOT NULL,
            non_facility_total INTEGER NOT NULL,
            facility_total INTEGER NOT NULL,
            global_days TEXT NOT NULL,
            conversion_factor TEXT NOT NULL,
            UNIQUE (year, hcpcs, modifier)
          );
          CREATE VIRTUAL TABLE catalog_code_fts USING fts5(
            description, content='catalog_code', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2'
          );
          CREATE TABLE visit (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            date TEXT NOT NULL,
            time TEXT,
            notes TEXT,
            is_no_show INTEGER NOT NULL DEFAULT 0,
            total_work_rvu INTEGER NOT NULL DEFAULT 0,
            created_at DATETIME NOT NULL,
            updated_at DATETIME NOT NULL
          );
          CREATE INDEX visit_user_date ON visit (user_id, date, is_no_show, total_work_rvu);
          CREATE TABLE procedure (
            id INTEGER PRIMARY KEY,
            visit_id INTEGER NOT NULL REFERENCES visit(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            user_id TEXT NOT NULL,
            date TEXT NOT NULL,
            is_no_show INTEGER NOT NULL,
            hcpcs TEXT NOT NULL,
            modifier TEXT,
            description TEXT NOT NULL,
            status_code TEXT NOT NULL,
            work_rvu INTEGER NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000)
          );
          CREATE INDEX procedure_visit ON procedure (visit_id, position);
          CREATE INDEX procedure_user_date ON procedure (
            user_id, is_no_show, date, hcpcs, visit_id, work_rvu, quantity
          );
          CREATE TABLE favorite (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            hcpcs TEXT NOT NULL,
            sort_order INTEGER NOT NULL,
            created_at DATETIME NOT NULL,
            UNIQUE (user_id, hcpcs)
          );
          CREATE INDEX favorite_user_sort ON favorite (user_id, sort_order);
          """)
    }
    migrator.registerMigration("rvu-2-daily-aggregates") { db in
      // Per-user, per-day sums read by analytics, recomputed from the visit and procedure rows
      // of every day a write touches, in the same transaction. With a single MAX() aggregate,
      // SQLite takes the bare columns description and status_code from the row holding the
      // maximum: the label of the code's most recently logged visit that day.
      try db.execute(
        sql: """
          CREATE TABLE visit_day (
            user_id TEXT NOT NULL,
            date TEXT NOT NULL,
            total_work_rvu INTEGER NOT NULL,
            encounters INTEGER NOT NULL,
            no_shows INTEGER NOT NULL,
            PRIMARY KEY (user_id, date)
          ) WITHOUT ROWID;
          CREATE TABLE procedure_day (
            user_id TEXT NOT NULL,
            date TEXT NOT NULL,
            hcpcs TEXT NOT NULL,
            total_work_rvu INTEGER NOT NULL,
            total_quantity INTEGER NOT NULL,
            encounter_count INTEGER NOT NULL,
            latest_visit_id INTEGER NOT NULL,
            description TEXT NOT NULL,
            status_code TEXT NOT NULL,
            PRIMARY KEY (user_id, date, hcpcs)
          ) WITHOUT ROWID;
          INSERT INTO visit_day
            SELECT user_id, date, SUM(CASE WHEN is_no_show = 0 THEN total_work_rvu ELSE 0 END),
                   SUM(is_no_show = 0), SUM(is_no_show)
            FROM visit GROUP BY user_id, date;
          INSERT INTO procedure_day
            SELECT user_id, date, hcpcs, SUM(work_rvu * quantity), SUM(quantity),
                   COUNT(DISTINCT visit_id), MAX(visit_id), description, status_code
            FROM procedure WHERE is_no_show = 0 GROUP BY user_id, date, hcpcs;
          """)
    }
    migrator.registerMigration("rvu-3-instants-as-milliseconds") { db in
      // Instants become INTEGER milliseconds since the epoch, as in every Tally domain. SQLite
      // cannot change a column's type, so each table is rebuilt (create, copy, drop, rename; the
      // migrator defers foreign-key checks) and its indexes made again. GRDB wrote the old
      // values as UTC `YYYY-MM-DD HH:MM:SS.SSS`: whole seconds from strftime('%s'), plus the
      // milliseconds that strftime('%f') gives after `SS.`. visit keeps its AUTOINCREMENT
      // high-water mark, so ids of deleted visits are never handed out again.
      let milliseconds = { (column: String) in
        "CAST(strftime('%s', \(column)) AS INTEGER) * 1000"
          + " + CAST(substr(strftime('%f', \(column)), 4) AS INTEGER)"
      }
      try db.execute(
        sql: """
          CREATE TABLE catalog_version_new (
            year INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            source TEXT NOT NULL,
            imported_at INTEGER NOT NULL,
            row_count INTEGER NOT NULL
          );
          INSERT INTO catalog_version_new
            SELECT year, title, source, \(milliseconds("imported_at")), row_count
            FROM catalog_version;
          DROP TABLE catalog_version;
          ALTER TABLE catalog_version_new RENAME TO catalog_version;

          CREATE TABLE visit_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            date TEXT NOT NULL,
            time TEXT,
            notes TEXT,
            is_no_show INTEGER NOT NULL DEFAULT 0,
            total_work_rvu INTEGER NOT NULL DEFAULT 0,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL
          );
          INSERT INTO visit_new
            SELECT id, user_id, date, time, notes, is_no_show, total_work_rvu,
                   \(milliseconds("created_at")), \(milliseconds("updated_at"))
            FROM visit;
          DELETE FROM sqlite_sequence WHERE name = 'visit_new';
          INSERT INTO sqlite_sequence (name, seq)
            SELECT 'visit_new', seq FROM sqlite_sequence WHERE name = 'visit';
          DROP TABLE visit;
          ALTER TABLE visit_new RENAME TO visit;
          CREATE INDEX visit_user_date ON visit (user_id, date, is_no_show, total_work_rvu);

          CREATE TABLE favorite_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            hcpcs TEXT NOT NULL,
            sort_order INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, hcpcs)
          );
          INSERT INTO favorite_new
            SELECT id, user_id, hcpcs, sort_order, \(milliseconds("created_at")) FROM favorite;
          DELETE FROM sqlite_sequence WHERE name = 'favorite_new';
          INSERT INTO sqlite_sequence (name, seq)
            SELECT 'favorite_new', seq FROM sqlite_sequence WHERE name = 'favorite';
          DROP TABLE favorite;
          ALTER TABLE favorite_new RENAME TO favorite;
          CREATE INDEX favorite_user_sort ON favorite (user_id, sort_order);
          """)
    }
    migrator.registerMigration("rvu-4-settings") { db in
      // Amounts in hundredths like every RVU column; NULL until the user sets them.
      try db.execute(
        sql: """
          CREATE TABLE rvu_setting (
            user_id TEXT PRIMARY KEY,
            dollars_per_rvu INTEGER,
            annual_target INTEGER,
            bonus_rate INTEGER,
            bonus_threshold INTEGER,
            practice_setting TEXT NOT NULL DEFAULT 'non-facility'
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("rvu-5-search-text") { db in
      // The full-text index moves from the raw descriptor to `search_text`: the descriptor with
      // CMS abbreviations spelled out. Existing rows get theirs here; later imports write it.
      try db.execute(
        sql: """
          ALTER TABLE catalog_code ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
          DROP TABLE catalog_code_fts;
          CREATE VIRTUAL TABLE catalog_code_fts USING fts5(
            search_text, content='catalog_code', content_rowid='id',
            tokenize='unicode61 remove_diacritics 2'
          );
          """)
      let update = try db.makeStatement(
        sql: "UPDATE catalog_code SET search_text = ? WHERE id = ?")
      let rows = try Row.fetchCursor(db, sql: "SELECT id, hcpcs, description FROM catalog_code")
      while let row = try rows.next() {
        let terms = SearchText.terms(hcpcs: row["hcpcs"], description: row["description"])
        try update.execute(arguments: [terms, row["id"] as Int64])
      }
      try db.execute(sql: "INSERT INTO catalog_code_fts(catalog_code_fts) VALUES ('rebuild')")
    }
    migrator.registerMigration("rvu-6-no-show-totals") { db in
      // A no-show earns nothing: its total becomes 0 like those written from now on. Daily
      // totals already left no-shows out, so they stay as they are.
      try db.execute(sql: "UPDATE visit SET total_work_rvu = 0 WHERE is_no_show = 1")
    }
    migrator.registerMigration("rvu-7-catalog-rvus-nullable") { db in
      // CMS leaves some RVU cells empty; such a cell is NULL, not 0.00. SQLite cannot drop a
      // NOT NULL constraint, so catalog_code is rebuilt (create, copy, drop, rename) keeping
      // its ids, which the external-content full-text index is keyed by: the index stays valid.
      try db.execute(
        sql: """
          CREATE TABLE catalog_code_new (
            id INTEGER PRIMARY KEY,
            year INTEGER NOT NULL REFERENCES catalog_version(year) ON DELETE CASCADE,
            hcpcs TEXT NOT NULL,
            modifier TEXT NOT NULL DEFAULT '',
            description TEXT NOT NULL,
            status_code TEXT NOT NULL,
            work_rvu INTEGER,
            non_facility_pe_rvu INTEGER,
            facility_pe_rvu INTEGER,
            malpractice_rvu INTEGER,
            non_facility_total INTEGER,
            facility_total INTEGER,
            global_days TEXT NOT NULL,
            conversion_factor TEXT NOT NULL,
            search_text TEXT NOT NULL DEFAULT '',
            UNIQUE (year, hcpcs, modifier)
          );
          INSERT INTO catalog_code_new
            SELECT id, year, hcpcs, modifier, description, status_code, work_rvu,
                   non_facility_pe_rvu, facility_pe_rvu, malpractice_rvu, non_facility_total,
                   facility_total, global_days, conversion_factor, search_text
            FROM catalog_code;
          DROP TABLE catalog_code;
          ALTER TABLE catalog_code_new RENAME TO catalog_code;
          """)
    }
    migrator.registerMigration("rvu-8-catalog-releases") { db in
      // CMS publishes a year's fee schedule in January and corrects it in April, July and
      // October; each release applies from its own day (issue 30). A version's key becomes the
      // day it took effect, as yyyymmdd: for the versions imported so far, one per year, the
      // first day of the month their title names (`… October Release`, as an import now reads
      // it), else January 1. RENAME COLUMN carries the key's constraints and references along.
      let months = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september",
        "october", "november", "december",
      ]
      let month =
        "CASE "
        + months.enumerated().map { index, name in
          "WHEN lower(title) LIKE '%\(name) release%' THEN \((index + 1) * 100 + 1) "
        }.joined() + "ELSE 101 END"
      try db.execute(
        sql: """
          ALTER TABLE catalog_version RENAME COLUMN year TO version;
          ALTER TABLE catalog_code RENAME COLUMN year TO version;
          UPDATE catalog_code SET version = version * 10000 + (
            SELECT \(month) FROM catalog_version v WHERE v.version = catalog_code.version);
          UPDATE catalog_version SET version = version * 10000 + \(month);
          """)
    }
    migrator.registerMigration("rvu-9-custom-codes-templates") { db in
      // A user's own codes (a code the catalog lacks, priced by the user) and visit templates,
      // the RVU backend's favorite groups (issue 31). Instants in milliseconds, RVUs in
      // hundredths, as every table here.
      try db.execute(
        sql: """
          CREATE TABLE custom_code (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            hcpcs TEXT NOT NULL,
            description TEXT NOT NULL,
            work_rvu INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            UNIQUE (user_id, hcpcs)
          );
          CREATE TABLE template (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            name TEXT NOT NULL,
            sort_order INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            UNIQUE (user_id, name)
          );
          CREATE TABLE template_item (
            template_id INTEGER NOT NULL REFERENCES template(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            hcpcs TEXT NOT NULL,
            quantity INTEGER NOT NULL CHECK (quantity BETWEEN 1 AND 1000),
            PRIMARY KEY (template_id, position),
            UNIQUE (template_id, hcpcs)
          ) WITHOUT ROWID;
          """)
    }
    migrator.registerMigration("rvu-10-target-period") { db in
      // The TrackMyRVU backend's settings on the same row as the CLI's (issue 31): the period a
      // target is aimed over, a bonus in dollars per RVU above it, and reminders.
      try db.execute(
        sql: """
          ALTER TABLE rvu_setting ADD COLUMN target_start TEXT;
          ALTER TABLE rvu_setting ADD COLUMN target_end TEXT;
          ALTER TABLE rvu_setting ADD COLUMN bonus_per_rvu INTEGER;
          ALTER TABLE rvu_setting ADD COLUMN reminder_enabled INTEGER NOT NULL DEFAULT 0;
          """)
    }
    migrator.registerMigration("rvu-11-payment-indicators") { db in
      // The RVU file's payment policy indicators per code (issue 33: what modifiers and a
      // second procedure do to the credit), NULL for releases imported before; and each
      // procedure's credit before those rules and the rule applied (NULL: none, the credit is
      // `work_rvu`).
      try db.execute(
        sql: """
          ALTER TABLE catalog_code ADD COLUMN mult_proc INTEGER;
          ALTER TABLE catalog_code ADD COLUMN bilat_surg INTEGER;
          ALTER TABLE catalog_code ADD COLUMN asst_surg INTEGER;
          ALTER TABLE catalog_code ADD COLUMN co_surg INTEGER;
          ALTER TABLE catalog_code ADD COLUMN team_surg INTEGER;
          ALTER TABLE catalog_code ADD COLUMN endo_base TEXT;
          ALTER TABLE procedure ADD COLUMN work_rvu_unadjusted INTEGER;
          ALTER TABLE procedure ADD COLUMN adjustment TEXT;
          """)
    }
    migrator.registerMigration("rvu-12-credit-setting") { db in
      // Whether a user's employer credits work RVUs after CMS's modifier rules or unreduced.
      try db.execute(
        sql: "ALTER TABLE rvu_setting ADD COLUMN credit TEXT NOT NULL DEFAULT 'adjusted'")
    }
    migrator.registerMigration("rvu-13-locality") { db in
      // The GPCIs of the user's payment locality (`1.000,0.869,0.575`; NULL: the national
      // amounts), and each visit's place of service (NULL: the user's setting).
      try db.execute(
        sql: """
          ALTER TABLE rvu_setting ADD COLUMN gpci TEXT;
          ALTER TABLE visit ADD COLUMN setting TEXT CHECK (setting IN ('facility', 'non-facility'));
          """)
    }
    migrator.registerMigration("rvu-14-search-vocabulary") { db in
      // The words of the full-text index with how many rows hold each, read by the search to
      // correct a misspelt word (`SearchCorrection`): FTS5's own view of its index, no copy.
      try db.execute(
        sql: "CREATE VIRTUAL TABLE catalog_code_terms USING fts5vocab(catalog_code_fts, row)")
    }
    migrator.registerMigration("rvu-15-time-off") { db in
      // Days a user does not work, left out of the working days a target is paced over.
      try db.execute(
        sql: """
          CREATE TABLE time_off (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            user_id TEXT NOT NULL,
            first_day TEXT NOT NULL,
            last_day TEXT NOT NULL CHECK (last_day >= first_day),
            note TEXT,
            created_at INTEGER NOT NULL
          );
          CREATE INDEX time_off_user ON time_off (user_id, first_day);
          """)
    }
    return migrator
  }
}
