// swift-tools-version: 6.1
// Tally: the domain core of four tracking apps, as one SwiftPM monorepo.
// Layers go one way: AnalyticsCore <- Storage <- domain modules <- CLIKit/apps.
// See Docs/Architecture.md for the module graph and the rules for adding a module.

import PackageDescription

/// Settings shared by every target: Swift 6 language mode with strict concurrency.
let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny")
]

// MARK: - Dependencies

let grdb = Target.Dependency.product(name: "GRDB", package: "GRDB.swift")
/// The system SQLite's C API, used only by Storage's `BulkStatement` for bulk inserts.
let sqlite = Target.Dependency.product(name: "GRDBSQLite", package: "GRDB.swift")
let argumentParser = Target.Dependency.product(
  name: "ArgumentParser", package: "swift-argument-parser")

// MARK: - Library modules

/// A domain module: owns its schema, migrations and queries; never imports ArgumentParser.
func domain(_ name: String, _ extra: [Target.Dependency] = []) -> Target {
  .target(
    name: name, dependencies: ["AnalyticsCore", "DataFormats", "Storage", grdb] + extra,
    path: "Modules/\(name)",
    swiftSettings: swiftSettings)
}

/// A thin executable: parses arguments, calls one domain API, renders.
func app(_ name: String, domain: String, _ extra: [Target.Dependency] = []) -> Target {
  .executableTarget(
    name: name,
    dependencies: ["CLIKit", "DataFormats", "ReportKit", .target(name: domain), argumentParser]
      + extra,
    path: "Apps/\(name)", swiftSettings: swiftSettings, linkerSettings: fullyStatic)
}

/// `store-metrics-postgres`' release build is linked position-dependent (`-no-pie`): the loader
/// then has no relocations to apply to the static Swift runtime and libraries (122,707 of them
/// in `store-metrics` when it was linked so, and the pages they touch copied), about 2 ms of CPU
/// per command (`perf stat`, Docs/Performance.md "Start-up"). The executable's own addresses
/// are then not randomised; `tally-server`, which listens on the network, stays
/// position-independent. The four apps are linked fully static (`fullyStatic`), which implies it.
let positionDependent: [LinkerSetting] = [
  .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release))
]

/// The four apps' release builds are linked fully static (`-static-executable`: glibc, the C++
/// runtime and the system SQLite's `libsqlite3.a` too): the dynamic loader's work for the five
/// shared libraries left was 3.3 ms of a 5.2 ms `store-metrics --version` (1.9 ms static) and
/// 5 ms of `stores list` (Docs/Performance.md, "Start-up"). glibc then loads its NSS modules
/// (user names, host names) at run time only from the same glibc version, so the programs that
/// connect to servers (`store-metrics-postgres`, `tally-server`) stay dynamic.
let fullyStatic: [LinkerSetting] = [
  .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))
]

/// One Swift Testing target per module.
func tests(_ module: String, _ extra: [Target.Dependency] = []) -> Target {
  .testTarget(
    name: "\(module)Tests", dependencies: [.target(name: module)] + extra,
    path: "Tests/\(module)Tests", swiftSettings: swiftSettings)
}

let package = Package(
  name: "Tally",
  platforms: [.macOS(.v14)],
  products: [
    .library(name: "AnalyticsCore", targets: ["AnalyticsCore"]),
    .library(name: "Storage", targets: ["Storage"]),
    .library(name: "RVUDomain", targets: ["RVUDomain"]),
    .library(name: "BehaviorPatterns", targets: ["BehaviorPatterns"]),
    .library(name: "StoreModel", targets: ["StoreModel"]),
    .library(name: "StoreAnalytics", targets: ["StoreAnalytics"]),
    .library(name: "StoreSQLite", targets: ["StoreSQLite"]),
    .library(name: "RuckAnalytics", targets: ["RuckAnalytics"]),
    .library(name: "ReportKit", targets: ["ReportKit"]),
    .executable(name: "rvu-cli", targets: ["rvu-cli"]),
    .executable(name: "behavior-cli", targets: ["behavior-cli"]),
    .executable(name: "store-metrics", targets: ["store-metrics"]),
    .executable(name: "store-metrics-postgres", targets: ["store-metrics-postgres"]),
    .executable(name: "ruck-cli", targets: ["ruck-cli"]),
    .executable(name: "tally-bench", targets: ["tally-bench"]),
    .executable(name: "tally-server", targets: ["tally-server"]),
  ],
  dependencies: [
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    // SHA-256: content hashes of imported files (RuckAnalytics), POS keys (TallyServer).
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    // tally-server: HTTP (Hummingbird), JWTs (jwt-kit), logs, start/stop.
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    // 5.8 checks an identity token's audience and authorized presenter itself.
    .package(url: "https://github.com/vapor/jwt-kit", from: "5.8.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    // The store analytics backend on PostgreSQL (StorePostgres).
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
    // TLS to PostgreSQL (`sslmode`): postgres-nio's own TLS library.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    // Channel handlers (the server's header timeout) and buffers (PostgreSQL COPY): the NIO
    // that Hummingbird and postgres-nio run on, declared where it is imported.
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    // The HTTP request parts a channel handler reads, as Hummingbird's pipeline carries them.
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
  ],
  targets: [
    // MARK: Core (pure values and functions, no I/O)
    .target(name: "AnalyticsCore", path: "Modules/AnalyticsCore", swiftSettings: swiftSettings),

    // MARK: Data formats (parsing bytes handed in; no file I/O)
    .target(
      name: "DataFormats",
      dependencies: ["AnalyticsCore"], path: "Modules/DataFormats",
      swiftSettings: swiftSettings),

    // MARK: Persistence
    .target(
      name: "Storage", dependencies: ["AnalyticsCore", grdb, sqlite], path: "Modules/Storage",
      swiftSettings: swiftSettings),

    // MARK: Reports (one HTML page with inline SVG charts, built from plain typed inputs; no I/O)
    .target(
      name: "ReportKit", dependencies: ["AnalyticsCore"], path: "Modules/ReportKit",
      swiftSettings: swiftSettings),

    // MARK: Domains
    domain("RVUDomain"),
    domain("BehaviorPatterns"),
    // The store's values, free of any database (isowords' SharedModels): what the rules and
    // every backend share.
    .target(
      name: "StoreModel", dependencies: ["AnalyticsCore"], path: "Modules/StoreModel",
      swiftSettings: swiftSettings),
    // The store's rules over its `StoreRepository`; the backends are modules of their own.
    .target(
      name: "StoreAnalytics",
      dependencies: ["AnalyticsCore", "DataFormats", "Storage", "StoreModel"],
      path: "Modules/StoreAnalytics", swiftSettings: swiftSettings),
    domain("RuckAnalytics", [.product(name: "Crypto", package: "swift-crypto")]),

    // MARK: Report pages of the apps the server shares (domain values -> ReportPage), used by
    // the app and tally-server alike, so ReportKit and the domains never depend on each other.
    .target(
      name: "RVUReports", dependencies: ["AnalyticsCore", "RVUDomain", "ReportKit"],
      path: "Modules/RVUReports", swiftSettings: swiftSettings),
    .target(
      name: "StoreReports", dependencies: ["AnalyticsCore", "StoreAnalytics", "ReportKit"],
      path: "Modules/StoreReports", swiftSettings: swiftSettings),
    .target(
      name: "BehaviorReports", dependencies: ["AnalyticsCore", "BehaviorPatterns", "ReportKit"],
      path: "Modules/BehaviorReports", swiftSettings: swiftSettings),
    .target(
      name: "RuckReports", dependencies: ["AnalyticsCore", "RuckAnalytics", "ReportKit"],
      path: "Modules/RuckReports", swiftSettings: swiftSettings),

    // MARK: Backends (a domain's repository on a database engine)
    .target(
      name: "StoreSQLite",
      dependencies: ["AnalyticsCore", "Storage", "StoreModel", "StoreAnalytics", grdb, sqlite],
      path: "Modules/StoreSQLite", swiftSettings: swiftSettings),
    .target(
      // In memory, for the store's rule tests.
      name: "StoreMemory", dependencies: ["AnalyticsCore", "StoreModel", "StoreAnalytics"],
      path: "Modules/StoreMemory", swiftSettings: swiftSettings),
    .target(
      name: "StorePostgres",
      dependencies: [
        "AnalyticsCore", "Storage", "StoreModel", "StoreAnalytics",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      path: "Modules/StorePostgres", swiftSettings: swiftSettings),

    // MARK: Shared CLI kit (app layer)
    .target(
      name: "CLIKit",
      dependencies: ["AnalyticsCore", "DataFormats", "Storage", "ReportKit", argumentParser],
      path: "Modules/CLIKit", swiftSettings: swiftSettings),

    // MARK: Apps
    app("rvu-cli", domain: "RVUDomain", ["RVUReports"]),
    app("behavior-cli", domain: "BehaviorPatterns", ["BehaviorReports"]),
    // store-metrics is two programs on one library of commands: without PostgreSQL's client (the
    // one users start most; it starts faster) and with it (`StoreMetricsProgram` in Commands/).
    .target(
      name: "StoreMetricsCommands",
      dependencies: [
        "CLIKit", "DataFormats", "ReportKit", "StoreAnalytics", "StoreSQLite", "StoreReports",
        "Storage", argumentParser,
      ],
      path: "Apps/store-metrics/Commands", swiftSettings: swiftSettings),
    .executableTarget(
      name: "store-metrics", dependencies: ["StoreMetricsCommands", "StoreSQLite"],
      path: "Apps/store-metrics/Main", swiftSettings: swiftSettings,
      linkerSettings: fullyStatic),
    .executableTarget(
      name: "store-metrics-postgres",
      dependencies: ["StoreMetricsCommands", "StoreAnalytics", "StorePostgres", "StoreSQLite"],
      path: "Apps/store-metrics/Postgres", swiftSettings: swiftSettings,
      linkerSettings: positionDependent),
    app("ruck-cli", domain: "RuckAnalytics", ["RuckReports"]),

    // MARK: Server (the RVU and store domains over HTTP; see Docs/Server.md)
    .target(
      name: "TallyServer",
      dependencies: [
        "AnalyticsCore", "DataFormats", "Storage", "RVUDomain", "StoreAnalytics", grdb,
        "RVUReports", "StoreReports",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "JWTKit", package: "jwt-kit"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
      ],
      path: "Modules/TallyServer", swiftSettings: swiftSettings),
    .executableTarget(
      name: "tally-server",
      dependencies: [
        "TallyServer", "StorePostgres", "StoreSQLite", "CLIKit", "DataFormats", "RVUDomain",
        "Storage", "StoreAnalytics", argumentParser,
      ],
      path: "Apps/tally-server", swiftSettings: swiftSettings),

    // MARK: Benchmarks
    .executableTarget(
      name: "tally-bench",
      dependencies: [
        "AnalyticsCore", "DataFormats", "RVUDomain", "BehaviorPatterns", "StoreAnalytics",
        "StoreSQLite", "RuckAnalytics", "Storage", grdb, argumentParser, "StorePostgres",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ],
      path: "Benchmarks/tally-bench", swiftSettings: swiftSettings),

    // MARK: Tests
    tests("AnalyticsCore"),
    tests("DataFormats"),
    tests("Storage", [grdb]),
    tests("CLIKit", ["DataFormats", "Storage"]),
    tests("RVUDomain"),
    tests("BehaviorPatterns"),
    tests("StoreAnalytics", ["StoreMemory", "StoreSQLite", "StorePostgres", grdb]),
    tests("RuckAnalytics"),
    tests("ReportKit"),
    tests("StoreReports", ["StoreAnalytics", "StoreSQLite", "ReportKit"]),
    tests("RVUReports", ["RVUDomain", "ReportKit"]),
    tests(
      "TallyServer",
      [
        "tally-server", "RVUDomain", "StoreAnalytics", "StoreSQLite", "Storage", grdb,
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "JWTKit", package: "jwt-kit"),
        // Makes the test's own RSA key, standing in for Google's.
        .product(name: "CryptoExtras", package: "swift-crypto"),
      ]),
    .testTarget(
      name: "AppsTests",
      dependencies: [
        "rvu-cli", "behavior-cli", "store-metrics", "store-metrics-postgres", "ruck-cli",
        "tally-server", "StoreMetricsCommands", "StorePostgres", "RVUReports", "StoreReports",
        "BehaviorReports", "RuckReports",
      ],
      path: "Tests/AppsTests", swiftSettings: swiftSettings),
  ],
  swiftLanguageModes: [.v6]
)
