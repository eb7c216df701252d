import AnalyticsCore
import StoreAnalytics
import StoreMemory

/// An empty store on the memory repository: where the store's rule tests run, so a rule test
/// checks the domain and nothing of a database. The aggregate tests (`AggregateTests`) hold
/// every backend, this one included, to a recount of its own orders.
func memoryStore(clock: TallyClock = .system) throws -> ShopAnalytics {
  ShopAnalytics(repository: MemoryStoreRepository(), clock: clock)
}
