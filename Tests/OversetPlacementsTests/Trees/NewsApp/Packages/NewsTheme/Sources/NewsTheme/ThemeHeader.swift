import UIKit

public final class ThemeHeader: UIView {
    let title = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        title.text = NSLocalizedString("theme.title", tableName: "Theme", bundle: .module, comment: "")
        title.numberOfLines = 1
    }

    required init?(coder: NSCoder) { nil }
}
