/// The StoreAnalytics domain's name among the apps.
public enum StoreAnalyticsModule {
  /// The short app name: `store.sqlite`, `TALLY_STORE_DB`.
  public static let appName = "store"
}
