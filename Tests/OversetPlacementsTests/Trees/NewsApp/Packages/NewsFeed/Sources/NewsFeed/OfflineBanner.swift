import UIKit

public final class OfflineBanner: UIView {
    let message = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        message.text = NSLocalizedString("feed.offline", tableName: "Feed", bundle: .module, comment: "")
        message.numberOfLines = 2
    }

    required init?(coder: NSCoder) { nil }
}
