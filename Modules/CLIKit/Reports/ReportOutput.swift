import AnalyticsCore
import ArgumentParser
import Foundation

/// What a `report` command writes: the HTML page itself, or that page printed to PDF.
public enum ReportFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
  /// One self-contained HTML file (no scripts, fonts or images from elsewhere).
  case html
  /// The same page printed by headless Chromium, with the page's own print stylesheet.
  case pdf

  /// The format a page written to `output` takes when none was asked for: pdf for a name ending
  /// in `.pdf`, else html. `--output month.pdf` wrote HTML into a file named PDF.
  public static func implied(by output: String?) -> ReportFormat {
    named(output) ?? .html
  }

  /// The format a file's name says: pdf for `.pdf`, html for `.html` or `.htm`, else `nil`.
  public static func named(_ output: String?) -> ReportFormat? {
    guard let name = output?.lowercased() else { return nil }
    if name.hasSuffix(".pdf") { return .pdf }
    return name.hasSuffix(".html") || name.hasSuffix(".htm") ? .html : nil
  }
}

/// Writes a report page the one way for every app: HTML as is, PDF through headless Chromium.
///
/// Chromium is the only engine on Linux that prints our SVG and `@page` rules faithfully, and it is
/// an optional package: without it, asking for PDF is a clear "install chromium" (exit 69), never
/// a half-written file.
public enum ReportOutput {
  /// The names Chromium is installed under by Debian, Ubuntu's snap shim and Google's package.
  static let browserNames = [
    "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
  ]

  /// Writes `html` to `path` (standard output when `nil` or `-`) in `format`.
  public static func write(html: String, format: ReportFormat, to path: String?) throws {
    switch format {
    case .html:
      try OutputFile.write(html, to: path)
    case .pdf:
      guard let path else {
        throw TallyError(
          .usage,
          .missing(
            field: "--output",
            expected: "a file to write the PDF to (a PDF is not written to standard output)"))
      }
      guard path != "-" else {
        throw TallyError.invalid(
          "--output", path,
          expected: "a file to write the PDF to (a PDF is not written to standard output)",
          category: .usage)
      }
      try OutputFile.write(try printToPDF(html), to: path)
    }
  }

  /// The installed Chromium, looked up on `PATH` the way a shell would.
  public static func browser(
    path: String? = ProcessInfo.processInfo.environment["PATH"]
  ) -> String? {
    let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    for name in browserNames {
      for folder in folders {
        let candidate = folder + "/" + name
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      }
    }
    return nil
  }

  /// Prints `html` with headless Chromium and returns the PDF's bytes.
  ///
  /// The page goes through a private temporary folder (Chromium reads a `file:` URL and writes a
  /// path), which is removed whatever happens.
  static func printToPDF(_ html: String) throws -> [UInt8] {
    guard let browser = browser() else {
      throw TallyError(
        .unavailable,
        .refused("PDF needs Chromium, which is not installed: expected `apt-get install chromium`"))
    }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-report-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("report.html")
    let pdf = folder.appendingPathComponent("report.pdf")
    try Data(html.utf8).write(to: page)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: browser)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
      "--no-pdf-header-footer", "--user-data-dir=" + folder.appendingPathComponent("profile").path,
      "--print-to-pdf=" + pdf.path, page.absoluteString,
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0, let bytes = try? Data(contentsOf: pdf), !bytes.isEmpty
    else {
      throw TallyError(
        .io, .failed("Chromium could not print the report (status \(process.terminationStatus))"))
    }
    return [UInt8](bytes)
  }
}
