/// The instances made from one default instance of a variable font, by their axis values: the one cache behind
/// `FontFace.instance(_:)` and `Font.instance(_:)`, so that one set of values gives one instance at either level.
///
/// Owned by the default instance (a face, or the font over it), bounded by the instances alive: each is held weakly
/// (an instance holds its default strongly), so an instance no request uses any more is freed and its entry made
/// again when asked for.
package final class InstanceCache<Instance: AnyObject & Sendable>: Sendable {
    private let entries = Lock<[String: Weak]>([:])

    package init() {}

    /// The key of a set of axis values: `opsz=17.0,wght=600.0`, tags in order.
    package static func key(_ variations: [String: Double]) -> String {
        variations.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }

    /// The instance of `variations`, made by `make` the first time (or after the last one was freed).
    package func instance(_ variations: [String: Double], make: () -> Instance) -> Instance {
        let key = Self.key(variations)
        return entries.withLock { cache in
            if let existing = cache[key]?.instance { return existing }
            let made = make()
            cache[key] = Weak(instance: made)
            return made
        }
    }

    /// A weak reference, so the cache does not keep its instances alive.
    private struct Weak: @unchecked Sendable {
        // @unchecked Sendable: only read and written under the cache's lock.
        weak var instance: Instance?
    }
}
