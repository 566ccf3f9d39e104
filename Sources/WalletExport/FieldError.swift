/// A value that does not fit its field: `field` is a path such as `inserted[2].transactionAmount.amount`.
package struct FieldError: Error {
    package let field: String
    package let message: String

    package init(field: String, message: String) {
        self.field = field
        self.message = message
    }
}
