import StrictJSON

/// A batch body read as JSON but not yet validated: what an inbox reads the publisher from
/// before it knows the batch's connection, and then validates without parsing it again.
public struct SureBatchBody: Sendable {
    /// Sure's JSON parser refuses nesting deeper than this (Ruby's `JSON.parse` default); a
    /// body nested less deeply parses and then meets the strict shape of the batch.
    public static let maximumDepth = 100

    let value: JSONValue

    /// Parses the body as Sure does before anything else: not JSON is `invalid_json`. Comments,
    /// which Sure's Ruby parser would skip, are not JSON (RFC 8259) and stay `invalid_json`.
    public init(bytes: [UInt8]) throws(SureError) {
        do {
            value = try JSONParser.parse(bytes, maximumDepth: Self.maximumDepth)
        } catch {
            throw SureError(.invalidJSON, "the body is not valid JSON (\(error))")
        }
    }

    /// The publisher the body names, read leniently (nil when there is none to read).
    public var declaredPublisher: String? {
        guard case .object(let object) = value, case .string(let publisher)? = object["publisher_id"] else { return nil }
        return publisher
    }

    /// Sure takes a body only when it is a JSON object, and checks that before it looks at the
    /// connection (Sure: app/models/financekit_batch.rb, `accept!`).
    public func requireObject() throws(SureError) {
        guard case .object = value else {
            throw SureError(.invalidPayload, "the batch must be an object, not \(value.typeName)")
        }
    }
}
