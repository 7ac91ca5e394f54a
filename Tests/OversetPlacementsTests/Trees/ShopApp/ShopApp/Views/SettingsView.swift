import SwiftUI

extension Font {
    static let shopTitle = Font.system(size: 22, weight: .bold)
}

extension View {
    func captionStyle() -> some View {
        self.font(.caption).lineLimit(1)
    }
}

struct SettingsView: View {
    @State private var confirming = false
    let count: Int

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading) {
                Text("Welcome back")
                    .font(.shopTitle)
                Text("Orders: \(count)")
                Text("Free returns within 30 days")
                    .captionStyle()
                Text("Gift wrap")
                    .frame(width: 200)
            }
            .font(.headline)
            .lineLimit(2)
            .padding()
            List {
                Text("Notifications")
                Section("Account") {
                    Toggle("Sign in automatically", isOn: .constant(true))
                }
            }
            .navigationTitle("Settings")
            .alert("Delete account?", isPresented: $confirming) {
                Button("Delete", role: .destructive) {}
            } message: {
                Text("This cannot be undone.")
            }
        }
    }
}
