/// A value that does not fit its field: `field` is a path such as `inserted[2].transactionAmount.amount`.
struct FieldError: Error {
    let field: String
    let message: String
}
