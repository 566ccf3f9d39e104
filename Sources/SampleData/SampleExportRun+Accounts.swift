extension SampleExportRun {
    func writeManifest() throws {
        let file = try BufferedFile(path: directory.appendingPathComponent("export.json").path)
        var bytes: [UInt8] = []
        bytes += Array("{\n  \"format\": \"wallet-export\",\n  \"version\": 1,\n  \"sourceID\": \"".utf8)
        identity.source.append(to: &bytes)
        bytes += Array("\",\n  \"sourceName\": \"Sample iPhone\",\n  \"exportedAt\": \"".utf8)
        // The first instant after the last month, in every zone the data lives in: New York's
        // midnight, the latest of the two.
        let next = lastDay + 1
        let offset = offsetMinutes(.newYork, day: next, seconds: 0)
        let utcSeconds = -offset * 60
        SampleFormat.appendDate(next + utcSeconds / 86_400, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        SampleFormat.appendTime(utcSeconds % 86_400, to: &bytes)
        // The phone is in New York; the UK account keeps London's days.
        bytes += Array("Z\",\n  \"timeZone\": \"America/New_York\",\n  \"accountTimeZones\": {\"".utf8)
        bytes += accounts[Self.uk].idBytes
        bytes += Array("\": \"Europe/London\"}\n}\n".utf8)
        file.bytes = bytes
        try file.close()
    }

    func writeAccounts() throws {
        let stream = try ChangeSetStream(
            path: directory.appendingPathComponent("accounts.jsonl").path,
            generation: identity.accountsGeneration)
        accountsStream = stream
        let averageBudget = Int64(total / config.months)
        let expectedCard = averageBudget * 78 / 100 * meanUS
        let limit = max(800_000, roundUp(expectedCard * 2, to: 100_000))
        let dueDay = firstDay + Civil.daysInMonth(firstAbsoluteMonth / 12, firstAbsoluteMonth % 12 + 1) - 1
        for index in 0..<4 {
            stream.beginRecord(.inserted)
            appendAccount(index, creditLimit: limit, minimumPayment: 3_500, dueDay: dueDay, to: &stream.file.bytes)
            try stream.endRecord()
        }
        stream.endDay()
        // Halfway through, the card's credit limit goes up: an account update.
        let month = config.months / 2
        let absolute = firstAbsoluteMonth + month
        let monthStart = Civil.day(absolute / 12, absolute % 12 + 1, 1)
        let newDue = monthStart + Civil.daysInMonth(absolute / 12, absolute % 12 + 1) - 1
        stream.beginRecord(.updated)
        appendAccount(
            Self.card, creditLimit: roundUp(limit * 3 / 2, to: 50_000), minimumPayment: 4_000,
            dueDay: newDue, to: &stream.file.bytes)
        try stream.endRecord()
        try stream.finish()
    }

    func appendAccount(
        _ index: Int, creditLimit: Int64, minimumPayment: Int64, dueDay: Int,
        to bytes: inout [UInt8]
    ) {
        let names: [(kind: String, display: String, institution: String, description: String?, opened: Int)] = [
            ("liability", "Apple Card", "Apple", nil, 640),
            ("asset", "Apple Cash", "Apple", nil, 910),
            ("asset", "Savings", "Apple", "High-yield savings", 420),
            ("asset", "Current Account", "Monzo", "Personal current account", 1_520),
        ]
        let account = names[index]
        put(#"{"id":""#, &bytes)
        bytes += accounts[index].idBytes
        put(#"","kind":""#, &bytes)
        bytes += Array(account.kind.utf8)
        put(#"","displayName":"#, &bytes)
        bytes += SampleFormat.jsonString(account.display)
        put(#","institutionName":"#, &bytes)
        bytes += SampleFormat.jsonString(account.institution)
        put(#","accountDescription":"#, &bytes)
        bytes += SampleFormat.jsonString(account.description)
        put(#","currencyCode":""#, &bytes)
        bytes += Array(accounts[index].currency.code.utf8)
        put(#"","openingDate":""#, &bytes)
        SampleFormat.appendUTCMidnight(firstDay - account.opened, to: &bytes)
        put(#"""#, &bytes)
        if accounts[index].isLiability {
            put(#","creditInformation":{"creditLimit":{"amount":""#, &bytes)
            SampleFormat.appendAmount(creditLimit, digits: 2, to: &bytes)
            put(#"","currencyCode":"USD"},"minimumNextPaymentAmount":{"amount":""#, &bytes)
            SampleFormat.appendAmount(minimumPayment, digits: 2, to: &bytes)
            put(#"","currencyCode":"USD"},"nextPaymentDueDate":""#, &bytes)
            SampleFormat.appendUTCMidnight(dueDay, to: &bytes)
            put(#"","overduePaymentAmount":null}"#, &bytes)
        }
        put("}", &bytes)
    }
}
