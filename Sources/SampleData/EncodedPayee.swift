/// A merchant's text, encoded once.
struct EncodedPayee {
    var name: [UInt8]
    var label: [UInt8]
    var raw: [UInt8]
    var mcc: [UInt8]
    var hasPlaceholders: Bool
}
