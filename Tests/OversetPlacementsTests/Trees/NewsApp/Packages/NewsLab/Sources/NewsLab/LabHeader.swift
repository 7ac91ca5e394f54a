import UIKit

public final class LabHeader: UIView {
    let title = UILabel()

    public override init(frame: CGRect) {
        super.init(frame: frame)
        title.text = NSLocalizedString("lab.title", tableName: "Lab", bundle: .module, comment: "")
    }

    required init?(coder: NSCoder) { nil }
}
