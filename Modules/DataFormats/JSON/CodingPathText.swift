/// A decoding error's coding path as the input spells it: `procedures[0].quantity`,
/// `entries[3].intensity`, `[2].hcpcs`; empty at the top. Every JSON reader (the server's bodies,
/// the import files, the behavior export) names the field this way.
public enum CodingPathText {
  public static func text(_ keys: [any CodingKey]) -> String {
    var text = ""
    for key in keys {
      if let index = key.intValue {
        text += "[\(index)]"
      } else {
        text += (text.isEmpty ? "" : ".") + key.stringValue
      }
    }
    return text
  }
}
