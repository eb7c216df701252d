/// The version every Tally app reports with `--version`.
public enum TallyVersion {
  /// The current version.
  public static let current = "0.1.0"
}
