import AnalyticsCore

/// An iCalendar document (RFC 5545) of recurring events with alarms, written as the standard
/// asks: CRLF line ends, lines folded at 75 octets (a continuation starts with a space, never
/// inside a UTF-8 sequence), TEXT values escaped (`\\`, `\;`, `\,`, `\n`), DTSTAMP in UTC.
public struct ICalendar: Sendable, Equatable {
  public enum Repeat: String, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
  }

  public struct Event: Sendable, Equatable {
    public var uid: String
    /// Floating local time: the calendar shows it at that wall-clock time in any zone.
    public var start: LocalDateTime
    public var minutes: Int
    public var summary: String
    public var description: String?
    public var repeats: Repeat?
    /// The last moment of the series (floating, as `start`).
    public var until: LocalDateTime?
    /// A display alarm at the start, with this text.
    public var alarm: String?

    public init(
      uid: String, start: LocalDateTime, minutes: Int, summary: String, description: String?,
      repeats: Repeat?, until: LocalDateTime?, alarm: String?
    ) {
      self.uid = uid
      self.start = start
      self.minutes = minutes
      self.summary = summary
      self.description = description
      self.repeats = repeats
      self.until = until
      self.alarm = alarm
    }
  }

  public var productID: String
  /// When the file was made (DTSTAMP of every event).
  public var stamp: Instant
  public var events: [Event]

  public init(productID: String, stamp: Instant, events: [Event]) {
    self.productID = productID
    self.stamp = stamp
    self.events = events
  }

  /// The document's text.
  public var text: String {
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + Self.escaped(productID), "CALSCALE:GREGORIAN",
    ]
    let stampText = Self.utc(stamp)
    for event in events {
      lines += [
        "BEGIN:VEVENT", "UID:" + Self.escaped(event.uid), "DTSTAMP:" + stampText,
        "DTSTART:" + Self.floating(event.start), "DURATION:PT\(event.minutes)M",
        "SUMMARY:" + Self.escaped(event.summary),
      ]
      if let description = event.description {
        lines.append("DESCRIPTION:" + Self.escaped(description))
      }
      if let repeats = event.repeats {
        lines.append(
          "RRULE:FREQ=" + repeats.rawValue
            + (event.until.map { ";UNTIL=" + Self.floating($0) } ?? ""))
      }
      if let alarm = event.alarm {
        lines += [
          "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + Self.escaped(alarm),
          "TRIGGER:PT0M", "END:VALARM",
        ]
      }
      lines.append("END:VEVENT")
    }
    lines.append("END:VCALENDAR")
    return lines.map(Self.folded).joined()
  }

  /// `20260208T080000`.
  static func floating(_ local: LocalDateTime) -> String {
    let date = local.date.description.replacingOccurrences(of: "-", with: "")
    return date + "T" + local.time.descriptionWithSeconds.replacingOccurrences(of: ":", with: "")
  }

  /// `20260208T080000Z`.
  static func utc(_ instant: Instant) -> String {
    floating(Zone.utc.localDateTime(of: instant)) + "Z"
  }

  /// A TEXT value with its special characters escaped (RFC 5545 3.3.11).
  static func escaped(_ text: String) -> String {
    var out = ""
    for character in text {
      switch character {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n", "\r\n": out += "\\n"
      case "\r": out += "\\n"
      default: out.append(character)
      }
    }
    return out
  }

  /// A content line folded at 75 octets (RFC 5545 3.1), ended by CRLF.
  static func folded(_ line: String) -> String {
    var out = ""
    var count = 0
    for character in line {
      let octets = String(character).utf8.count
      if count + octets > 75 {
        out += "\r\n "
        count = 1
      }
      out.append(character)
      count += octets
    }
    return out + "\r\n"
  }
}
