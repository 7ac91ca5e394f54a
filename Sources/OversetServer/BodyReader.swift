import HummingbirdCore
import NIOCore
import Synchronization

/// Reads an admitted request's body: at most its route's limit (counted as it arrives, so that a body of unknown
/// length is never held past it) and within ``ServerLimits/bodyTimeout`` of being asked for (a body sent a byte a
/// second is cut off: the connection's input is closed and the request answered 408).
struct BodyReader {
    let limits: ServerLimits

    enum Result: Sendable {
        case body([UInt8])
        case tooLarge
        /// The body did not arrive in time (the limit in seconds).
        case timedOut(Int64)
    }

    /// Reads `body`, keeping at most `limit` bytes (`keeping: false`: drops every byte, for a request already
    /// answered), within ``ServerLimits/bodyTimeout``.
    func read(_ body: RequestBody, limit: Int, channel: any Channel, keeping: Bool = true) async -> Result {
        let timeout = limits.bodyTimeout
        // Set before the input is closed: a body cut off by the timeout ends its stream as a whole one would.
        let expired = Flag()
        return await withTaskGroup(of: Result?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                do {
                    for try await buffer in body where keeping {
                        guard bytes.count + buffer.readableBytes <= limit else { return .tooLarge }
                        bytes.append(contentsOf: buffer.readableBytesView)
                    }
                } catch {
                    return nil  // the input closed: by the timeout below, or by the client
                }
                return expired.isSet ? nil : .body(bytes)
            }
            group.addTask {
                do {
                    try await Task.sleep(for: timeout)
                } catch {
                    return nil  // cancelled: the body arrived first
                }
                // Ends the read above: its stream finishes when the input closes.
                expired.set()
                try? await channel.close(mode: .input)
                return .timedOut(timeout.components.seconds)
            }
            var outcome: Result? = nil
            for await result in group {
                if let result, outcome == nil {
                    outcome = result
                    group.cancelAll()
                }
            }
            return outcome ?? .timedOut(timeout.components.seconds)
        }
    }
}

/// A flag set once, read from any thread.
final class Flag: Sendable {
    private let value = Mutex(false)

    var isSet: Bool { value.withLock { $0 } }

    func set() { value.withLock { $0 = true } }
}
