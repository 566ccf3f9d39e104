import Testing

@testable import SureProtocol

/// Publisher credentials and their URL-safe base64.
@Suite("Sure credentials")
struct SureCredentialTests {
    @Test("credentials are 43 URL-safe characters")
    func credential() {
        let credential = SureCredential.generate()
        #expect(credential.text.count == 43)
        #expect(Base64URL.isCredentialText(credential.text))
        #expect(Base64URL.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64URL.encode(Array("fo".utf8)) == "Zm8")
        #expect(Base64URL.encode([0xfb, 0xff]) == "-_8")
    }
}
