public enum TminusVersion {
    public static let current = "0.1.0"
}
