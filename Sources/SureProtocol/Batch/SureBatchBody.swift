import StrictJSON

/// A batch body read as JSON but not yet validated: what an inbox reads the publisher from
/// before it knows the batch's connection, and then validates without parsing it again.
public struct SureBatchBody: Sendable {
    let value: JSONValue

    /// Parses the body as Sure does before anything else: not JSON is `invalid_json`.
    public init(bytes: [UInt8]) throws(SureError) {
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            throw SureError(.invalidJSON, "the body is not valid JSON (\(error))")
        }
    }

    /// The publisher the body names, read leniently (nil when there is none to read).
    public var declaredPublisher: String? {
        guard case .object(let object) = value, case .string(let publisher)? = object["publisher_id"] else { return nil }
        return publisher
    }
}
