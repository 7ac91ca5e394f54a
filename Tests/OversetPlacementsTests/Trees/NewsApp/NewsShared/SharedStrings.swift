import UIKit

/// In the app target (the Widget target's exception only leaves it out of the widget).
final class SyncStatusView: UIView {
    let status = UILabel()

    func update() {
        status.text = NewsLocalizedString("shared.synced", value: "Synced", comment: "")
    }
}
