import Foundation

/// The app's own wrapper: found from its body, not by its name.
func NewsLocalizedString(_ key: String, value: String, comment: String) -> String {
    NSLocalizedString(key, tableName: nil, bundle: .main, value: value, comment: comment)
}
