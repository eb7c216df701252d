import AnalyticsCore
import Foundation

/// A journal entry as clean plain text for a screen reader or a speech tool: no symbols, no
/// tables, dates and linked entries in words.
public enum JournalReading {
  /// The text: title, date and time in words, content, tags, then one sentence per linked entry.
  public static func text(_ journal: JournalEntry, linked: [PatternEntry], zone: Zone) -> String {
    var lines = [journal.title + ".", "Written " + spoken(journal.timestamp, zone: zone) + "."]
    lines.append("")
    lines.append(journal.content.trimmingCharacters(in: .whitespacesAndNewlines))
    if !journal.tags.isEmpty {
      lines.append("")
      lines.append("Tags: " + journal.tags.joined(separator: ", ") + ".")
    }
    if !linked.isEmpty {
      lines.append("")
      lines.append(
        linked.count == 1 ? "Linked entry:" : "Linked entries, \(linked.count) of them:")
      for entry in linked { lines.append(sentence(entry, zone: zone)) }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One entry in words: "Sensory Overload, intensity 4 of 5, for 45 minutes, on Sunday 8
  /// February 2026 at 14:30. Note: loud cafe."
  public static func sentence(_ entry: PatternEntry, zone: Zone) -> String {
    var text = entry.displayName
    if let intensity = entry.intensity { text += ", intensity \(intensity) of 5" }
    if let minutes = entry.durationMinutes { text += ", for " + spoken(minutes: minutes) }
    text += ", " + spoken(entry.timestamp, zone: zone) + "."
    if let note = entry.contextNotes { text += " Note: " + note + "." }
    if let details = entry.specificDetails { text += " Details: " + details + "." }
    return text
  }

  /// `on Sunday 8 February 2026 at 14:30`.
  static func spoken(_ instant: Instant, zone: Zone) -> String {
    let local = zone.localDateTime(of: instant)
    let time = String(format: "%02d:%02d", local.time.hour, local.time.minute)
    return
      "on \(local.date.weekday.name.capitalized) \(local.date.day) \(local.date.monthName) "
      + "\(local.date.year) at \(time)"
  }

  /// `1 hour 30 minutes`, `45 minutes`, `2 hours`.
  static func spoken(minutes: Int) -> String {
    let (hours, rest) = (minutes / 60, minutes % 60)
    var parts: [String] = []
    if hours > 0 { parts.append(counted(hours, "hour")) }
    if rest > 0 || hours == 0 { parts.append(counted(rest, "minute")) }
    return parts.joined(separator: " ")
  }
}
