/// `purse sync` found Sure batches that were refused or failed; each has its own stderr line.
struct SureSyncFailure: Error, CustomStringConvertible {
    let count: Int
    /// Only full inboxes: trying again later will do.
    let temporary: Bool

    var description: String {
        temporary
            ? "\(count) Sure batch(es) could not be queued (inbox_full); run purse sync again later"
            : "\(count) Sure batch(es) were refused or failed (see the lines above)"
    }
}
