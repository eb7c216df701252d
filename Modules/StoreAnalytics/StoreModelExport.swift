/// The store's values come with the domain: an app or backend that imports StoreAnalytics sees
/// them without importing StoreModel itself.
@_exported import StoreModel
