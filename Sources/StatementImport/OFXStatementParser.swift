import Ledger

/// An OFX or QFX file (1.x SGML or 2.x XML, bank `STMTRS` or credit card `CCSTMTRS`) as a
/// statement. `TRNAMT` is account-signed; the type comes from `TRNTYPE` and whether the account
/// is a card, never the sign from the type. Rows are identified by `FITID`.
public struct OFXStatementParser {
    let file: String
    /// A liability account takes a bank-shaped statement as a card's (Apple Card wrote STMTRS once).
    let accountIsLiability: Bool

    public init(file: String, accountIsLiability: Bool) {
        self.file = file
        self.accountIsLiability = accountIsLiability
    }

    public func parse(_ text: String) throws(StatementError) -> Statement {
        var reader = rows(text)
        return try reader.readAll()
    }

    /// The file's rows one at a time; the statement around them once they are read.
    public func rows(_ text: String) -> Rows {
        Rows(parser: self, scanner: OFXScanner(file: file, text: text))
    }

    /// The rows of a file: its text is held whole (as UTF-8), since a tag may reach back.
    public func rows(_ statement: StatementFile) -> Rows {
        Rows(parser: self, scanner: OFXScanner(file: file, utf8: statement.utf8()))
    }

    /// An OFX statement's rows, read as they stream. What is kept of a row is its FITID and
    /// content as `RowKey`s, to tell a row written twice from two rows under one FITID.
    public struct Rows: StatementRowReader {
        let parser: OFXStatementParser
        var scanner: OFXScanner
        private var warnings = StatementWarnings()
        private var seen: [RowKey: (line: Int, content: RowKey)] = [:]
        private var deleted: [String] = []

        init(parser: OFXStatementParser, scanner: OFXScanner) {
            self.parser = parser
            self.scanner = scanner
        }

        public mutating func next() throws(StatementError) -> StatementEntry? {
            let file = parser.file
            while let found = try scanner.nextRow() {
                // Rows of the statement only: not the pending list, not outside <OFX>.
                guard found.ancestors.contains("OFX"), !found.ancestors.contains("BANKTRANLISTP"),
                    let kind = found.ancestors.last(where: { $0 == "STMTRS" || $0 == "CCSTMTRS" })
                else { continue }
                let row = found.element
                // A correction names the FITID of the row it replaces or takes back.
                let action = row.value("CORRECTACTION")?.uppercased()
                if let action {
                    guard let corrected = row.value("CORRECTFITID") else {
                        throw StatementError(file: file, line: row.line, field: "CORRECTFITID", message: "missing beside CORRECTACTION")
                    }
                    guard action == "REPLACE" || action == "DELETE" else {
                        throw StatementError(
                            file: file, line: row.line, field: "CORRECTACTION", message: "'\(action)' is not REPLACE or DELETE")
                    }
                    if action == "DELETE" {
                        deleted.append("fitid:" + corrected)
                        continue
                    }
                }
                var entry: StatementEntry
                do {
                    entry = try parser.entry(row, isCard: kind == "CCSTMTRS" || parser.accountIsLiability, warnings: &warnings)
                } catch {
                    // A whole body may be one line: the FITID says which row.
                    guard let fitID = row.value("FITID") else { throw error }
                    throw StatementError(
                        file: error.file, line: error.line, field: error.field, message: error.message + " (FITID \(fitID))")
                }
                if action == "REPLACE", let corrected = row.value("CORRECTFITID") { entry.identity = "fitid:" + corrected }
                if entry.identity.hasPrefix("fitid:") {
                    let key = RowKey(entry.identity)
                    let content = Self.content(entry)
                    if let first = seen[key] {
                        // A row written twice is one transaction; two different rows under one FITID are not.
                        if first.content == content { continue }
                        throw StatementError(
                            file: file, line: row.line, field: "FITID",
                            message: "'\(entry.identity.dropFirst(6))' also names a different transaction on line \(first.line)")
                    }
                    seen[key] = (row.line, content)
                }
                return entry
            }
            return nil
        }

        /// Everything of a row but its line.
        private static func content(_ entry: StatementEntry) -> RowKey {
            let fields: [String] = [
                entry.date.description, entry.postedDate?.description ?? "", String(entry.signedUnits), entry.description,
                entry.originalDescription, entry.merchantName ?? "\u{0}", "\(entry.type)", "\(entry.status)", entry.identity,
                entry.category ?? "\u{0}",
            ]
            return RowKey(fields.joined(separator: "\u{1F}"))
        }

        public mutating func finish() throws(StatementError) -> Statement {
            let file = parser.file
            let root = scanner.root
            guard let ofx = root.first("OFX") else {
                throw StatementError(file: file, line: 1, field: "OFX", message: "no <OFX> body")
            }
            let statements = ofx.all("STMTRS") + ofx.all("CCSTMTRS")
            guard statements.count == 1, let statement = statements.first else {
                guard statements.isEmpty else {
                    let accounts = statements.map { $0.value("ACCTID").map(StatementAccountNumber.masked) ?? "?" }.joined(separator: ", ")
                    throw StatementError(
                        file: file, line: statements[1].line, field: statements[1].name,
                        message: "the file holds \(statements.count) statements (accounts \(accounts)); purse imports one account per file")
                }
                if let code = ofx.first("STATUS")?.value("CODE"), code != "0" {
                    let message = ofx.first("STATUS")?.value("MESSAGE").map { ": " + $0 } ?? ""
                    throw StatementError(
                        file: file, line: ofx.first("STATUS")?.line, field: "STATUS", message: "the bank reported error \(code)\(message)")
                }
                throw StatementError(
                    file: file, line: ofx.line, field: "STMTRS", message: "no bank or credit card statement (STMTRS or CCSTMTRS)")
            }
            let isCard = statement.name == "CCSTMTRS" || parser.accountIsLiability
            var result = Statement(
                format: .ofx, currency: statement.value("CURDEF")?.uppercased(), entries: [],
                balances: try parser.balances(statement, isCard: isCard), warnings: warnings.lines(file: file))
            result.deletedIdentities = deleted
            let holder = ["BANKACCTFROM", "CCACCTFROM"].lazy.compactMap { statement.first($0, skipping: ["BANKTRANLIST"]) }.first
            if let holder, let number = holder.first("ACCTID"), let accountID = number.text, !accountID.isEmpty {
                result.accountNumber = StatementAccountNumber(bankID: holder.value("BANKID"), accountID: accountID)
                result.accountNumberLine = number.line
            }
            return result
        }
    }

    fileprivate func entry(_ row: OFXElement, isCard: Bool, warnings: inout StatementWarnings) throws(StatementError) -> StatementEntry {
        func required(_ name: String) throws(StatementError) -> OFXElement {
            guard let leaf = row.first(name), leaf.text?.isEmpty == false else {
                throw StatementError(file: file, line: row.line, field: name, message: "missing in this <STMTTRN>")
            }
            return leaf
        }
        let posted = try required("DTPOSTED")
        guard let postedDate = StatementDate.ofx(posted.text ?? "") else {
            throw StatementError(file: file, line: posted.line, field: "DTPOSTED", message: "'\(posted.text ?? "")' is not an OFX date")
        }
        var date = postedDate
        if let user = row.first("DTUSER"), let text = user.text {
            guard let userDate = StatementDate.ofx(text) else {
                throw StatementError(file: file, line: user.line, field: "DTUSER", message: "'\(text)' is not an OFX date")
            }
            date = userDate
        }
        let amount = try required("TRNAMT")
        let units: Int64
        do {
            units = try StatementAmount.units(amount.text ?? "", style: .ofx)
        } catch {
            throw StatementError(file: file, line: amount.line, field: "TRNAMT", message: "'\(amount.text ?? "")' is not an amount")
        }
        let word = row.value("TRNTYPE")?.uppercased() ?? "OTHER"
        let type = Self.type(word, credit: units > 0, isCard: isCard)
        if type == .unknown, !["OTHER", "CREDIT", "DEBIT"].contains(word) {
            warnings.add("\(file): TRNTYPE '\(word)' is not an OFX transaction type; imported as unknown")
        }
        let name = (row.first("PAYEE")?.value("NAME") ?? row.value("NAME") ?? row.value("EXTDNAME"))
        let memo = row.value("MEMO")
        var description = name ?? memo ?? word.capitalized
        var original = [name, memo].compactMap { $0 }.joined(separator: " ")
        // A name cut at OFX's 32 characters whose whole text is the memo.
        if let name, let memo, memo.count > name.count, memo.hasPrefix(name) {
            description = memo
            original = memo
        }
        let fitID = row.value("FITID")
        let identity: String
        if let fitID {
            identity = "fitid:" + fitID
        } else {
            identity = "row:\(date):\(units):\(description.lowercased())"
        }
        return StatementEntry(
            date: date, postedDate: postedDate, signedUnits: units, description: description,
            originalDescription: original.isEmpty ? description : original, merchantName: name, type: type, identity: identity,
            line: row.line)
    }

    /// LEDGERBAL is the booked balance. AVAILBAL is the available balance of a bank account
    /// only: on a card it is the credit still available (Apple) or the debt with its sign
    /// flipped (others), never a balance.
    fileprivate func balances(_ statement: OFXElement, isCard: Bool) throws(StatementError) -> [StatementBalance] {
        func read(_ name: String) throws(StatementError) -> (CivilDate, Int64)? {
            guard let element = statement.first(name) else { return nil }
            guard let amountText = element.value("BALAMT") else {
                throw StatementError(file: file, line: element.line, field: "\(name).BALAMT", message: "missing")
            }
            guard let dateText = element.value("DTASOF"), let date = StatementDate.ofx(dateText) else {
                throw StatementError(file: file, line: element.line, field: "\(name).DTASOF", message: "missing or not an OFX date")
            }
            do {
                return (date, try StatementAmount.units(amountText, style: .ofx))
            } catch {
                throw StatementError(file: file, line: element.line, field: "\(name).BALAMT", message: "'\(amountText)' is not an amount")
            }
        }
        let ledger = try read("LEDGERBAL")
        let available = isCard ? nil : try read("AVAILBAL")
        if let ledger {
            let sameDay = available.map { $0.0 == ledger.0 } ?? false
            var result = [StatementBalance(date: ledger.0, booked: ledger.1, available: sameDay ? available?.1 : nil)]
            if let available, !sameDay { result.append(StatementBalance(date: available.0, booked: nil, available: available.1)) }
            return result
        }
        return available.map { [StatementBalance(date: $0.0, booked: nil, available: $0.1)] } ?? []
    }

    /// TRNTYPE as FinanceKit's type. Card purchases are point-of-sale and card payments bill
    /// payments, so the paying bank debit can pair with the payment as an internal transfer
    /// while a purchase never does.
    static func type(_ word: String, credit: Bool, isCard: Bool) -> TransactionType {
        switch word {
        case "CREDIT": isCard ? .billPayment : .deposit
        case "DEBIT": isCard ? .pointOfSale : .unknown
        case "INT": .interest
        case "DIV": .dividend
        case "FEE", "SRVCHG": .fee
        case "DEP": .deposit
        case "ATM", "CASH": .atm
        case "POS": .pointOfSale
        case "XFER": .transfer
        case "CHECK": .check
        case "PAYMENT": .billPayment
        case "DIRECTDEP": .directDeposit
        case "DIRECTDEBIT": .directDebit
        case "REPEATPMT": .standingOrder
        default: .unknown
        }
    }
}
