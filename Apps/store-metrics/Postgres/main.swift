import Foundation
import StoreAnalytics
import StoreMetricsCommands
import StorePostgres

// store-metrics with PostgreSQL linked in: store-metrics runs this for a postgres:// database.
StoreMetricsProgram.main(
  postgres: .init {
    try ShopAnalytics.open(
      postgresURL: $0, environment: ProcessInfo.processInfo.environment, today: $1)
  })
