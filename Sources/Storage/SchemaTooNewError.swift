/// The database records a migration this code does not know: it was written by a newer
/// version of the program. Nothing is changed when this is thrown.
public struct SchemaTooNewError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The schema version found in the database.
    let found: Int
    /// The highest schema version this code knows.
    let supported: Int

    public init(found: Int, supported: Int) {
        self.found = found
        self.supported = supported
    }

    public var description: String {
        "the database was written by a newer purse (schema \(found), this purse knows up to \(supported)); upgrade purse"
    }
}
