import SwiftUI

struct WidgetView: View {
    var body: some View {
        Text("widget.title", tableName: "Widget")
    }
}
