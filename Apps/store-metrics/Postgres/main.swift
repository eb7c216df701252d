import StoreAnalytics
import StoreMetricsCommands
import StorePostgres
import StoreSQLite

// store-metrics with PostgreSQL linked in: store-metrics runs this for a postgres:// database.
StoreMetricsProgram.main(backends: StoreBackends.sqlite.withPostgreSQL())
