import UIKit

final class SettingsViewController: UITableViewController {
    let doneButton = PrimaryButton()
    let badge = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        doneButton.setTitle(NewsLocalizedString("settings.done", value: "Done", comment: ""), for: .normal)
        badge.text = NewsLocalizedString("settings.badge", value: "New", comment: "").uppercased()
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: nil)
        cell.textLabel?.text = NewsLocalizedString("settings.row", value: "Download over cellular", comment: "")
        cell.textLabel?.numberOfLines = 0
        cell.textLabel?.font = .systemFont(ofSize: 16)
        let count = 3
        cell.detailTextLabel?.text = String.localizedStringWithFormat(NSLocalizedString("%d articles", comment: ""), count)
        return cell
    }

    func renameSection() {
        if let container = tableView.headerView(forSection: 0) {
            container.textLabel?.text = NewsLocalizedString("settings.section", value: "Downloads", comment: "")
        }
        #if false
        badge.text = NewsLocalizedString("settings.retired", value: "Retired", comment: "")
        #endif
    }
}
