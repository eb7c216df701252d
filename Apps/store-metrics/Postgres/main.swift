import StoreMetricsCommands
import StorePostgres

// store-metrics with PostgreSQL linked in: store-metrics runs this for a postgres:// database.
StoreMetricsProgram.main(backends: .all)
