import StoreMetricsCommands
import StoreSQLite

// SQLite here; a postgres:// database is handed over to store-metrics-postgres.
StoreMetricsProgram.main(backends: .sqlite.with(postgres: StoreMetricsProgram.handOff))
