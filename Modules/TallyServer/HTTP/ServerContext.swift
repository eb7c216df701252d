import AnalyticsCore
import Hummingbird

/// The per-request context: Hummingbird's core storage, plus who the request acted for so that
/// the request log can name them after the handler has run.
public struct ServerContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// Set by authentication; a reference shared by every copy of the context, because the
  /// logging middleware holds its own copy from before the handler ran.
  let actingFor: LockedValue<String?>

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    actingFor = LockedValue(nil)
  }

  /// The request body limit: 1 MiB is far above any visit, favorites list or POS batch the
  /// seeds send, and small enough that a flood of bodies cannot exhaust memory.
  public var maxUploadSize: Int { ServerLimits.maximumBodyBytes }
}

/// Limits every route shares.
public enum ServerLimits {
  public static let maximumBodyBytes = 1 << 20
  /// Seconds a request body may take to arrive whole after its head: a megabyte over the slowest
  /// phone link takes a few; a connection trickling one is closed (`RequestTimeouts`).
  public static let bodySeconds = 30
}
