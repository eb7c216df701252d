import StoreMetricsCommands

// SQLite here; a postgres:// database is handed over to store-metrics-postgres.
StoreMetricsProgram.main(postgres: StoreMetricsProgram.handOff)
