import Ledger
import LedgerStore
import SureProtocol

/// Applies a connection's complete captures in sequence order: each capture in one
/// SQLite transaction together with the cursor; permanent failures fence the stream, others
/// are retried up to five attempts.
final class SureApplier {
    /// What happened to one capture.
    enum Outcome: Sendable {
        case applied(chunks: [SureBatchRecord], counts: SureCounts)
        case failed(batch: SureBatchRecord, error: SureError)
        case retrying(batch: SureBatchRecord, error: SureError, attempts: Int, retryTime: Int64)
    }

    let store: LedgerStore
    let now: Timestamp
    let connections: SureConnections

    init(store: LedgerStore, now: Timestamp) {
        self.store = store
        self.now = now
        connections = SureConnections(store: store, now: now)
    }

    /// Applies every capture that is ready, up to 100; stops at the first that is not.
    func applyReady(connectionID: String) throws -> [Outcome] {
        var outcomes: [Outcome] = []
        for _ in 0..<SureApplyRules.capturesPerRun {
            guard let outcome = try applyNext(connectionID: connectionID) else { break }
            outcomes.append(outcome)
            if case .applied = outcome { continue }
            break
        }
        return outcomes
    }

    /// Stored bytes that no longer parse: permanent, as `import_validation` (Sure:
    /// app/models/financekit/processor.rb, `apply_next!`, which rescues a JSON parser error so).
    private struct UnreadableStoredBatch: Error {
        let sequence: Int64
    }

    /// The capture at the cursor, applied, failed or scheduled for retry; nil when it is not ready.
    /// It is ready when all its chunks are there, accepted and past their own retry times; a
    /// failure is recorded on the chunk that was being applied (Sure:
    /// app/models/financekit/processor.rb, `apply_next!` and `fail_batch!`).
    func applyNext(connectionID: String) throws -> Outcome? {
        guard let connection = try store.sureConnection(id: connectionID), connection.status == .active else { return nil }
        guard
            let first = try store.sureBatch(
                connectionID: connection.id, generation: connection.generation,
                streamID: connection.streamID, sequence: connection.nextSequence),
            first.status == .accepted, (first.retryTime ?? Int64.min) <= now.epochSeconds
        else { return nil }
        let chunks = try store.sureCaptureChunks(
            connectionID: connection.id, generation: connection.generation,
            captureID: first.captureID
        ).filter { $0.status == .accepted }
        guard SureCaptureRules.isComplete(chunkIndexes: chunks.map(\.chunkIndex), chunkCount: first.chunkCount),
            chunks.allSatisfy({ ($0.retryTime ?? Int64.min) <= now.epochSeconds })
        else { return nil }
        var processing = first
        do {
            let counts = try store.transaction { () throws -> SureCounts in
                try apply(chunks, connection: connection, processing: &processing)
            }
            #if DEBUG
            TestFaultInjection.reached(.capture)
            #endif
            return .applied(chunks: try chunks.map { try reload($0) }, counts: counts)
        } catch let error as SureError where SureApplyRules.isPermanent(error.code) {
            return try fail(processing, error: error, connection: connection)
        } catch let error as UnreadableStoredBatch {
            let reason = SureError(.importValidation, "the stored bytes of sequence \(error.sequence) are no longer valid JSON")
            return try fail(processing, error: reason, connection: connection)
        } catch let error where DatabaseFailure(error) == .busy {
            throw error
        } catch {
            let sureError: SureError
            if let error = error as? SureError {
                sureError = error
            } else if let error = error as? LedgerStoreError {
                sureError = SureError(.importValidation, error.description)
            } else {
                sureError = SureError(.processingError, "\(error)")
            }
            let attempts = processing.attempts + 1
            if attempts >= SureApplyRules.maximumAttempts {
                return try fail(processing, error: sureError, connection: connection)
            }
            let retryTime = SureApplyRules.retryTime(afterAttempt: attempts, now: now.epochSeconds)
            try store.transaction {
                try store.scheduleSureRetry(
                    rowID: processing.rowID, attempts: attempts, retryTime: retryTime,
                    errorCode: sureError.code.rawValue, now: now.epochSeconds)
            }
            return .retrying(batch: try reload(processing), error: sureError, attempts: attempts, retryTime: retryTime)
        }
    }

    private func reload(_ batch: SureBatchRecord) throws -> SureBatchRecord {
        try store.sureBatch(rowID: batch.rowID) ?? batch
    }

    /// Fails `failing`, the chunk that was being applied, and fences the connection.
    private func fail(_ failing: SureBatchRecord, error: SureError, connection: SureConnectionRecord) throws -> Outcome {
        try store.transaction {
            try store.markSureBatch(
                rowID: failing.rowID, status: .failed, errorCode: error.code.rawValue,
                dropPayload: false, now: now.epochSeconds)
            try connections.fence(connection.id, reason: error.code, batchCode: .streamFailed, exceptRowIDs: [failing.rowID])
        }
        return .failed(batch: try reload(failing), error: error)
    }

    // MARK: - Applying

    /// Applies the capture's chunks in order; `processing` is the chunk being applied.
    private func apply(_ chunks: [SureBatchRecord], connection: SureConnectionRecord, processing: inout SureBatchRecord) throws
        -> SureCounts
    {
        let first = chunks[0]
        if let last = connection.lastCapturedKey, first.capturedKey < last {
            throw SureError(
                .staleCapture,
                "the capture of \(first.capturedAt) is older than the last applied capture (\(connection.lastCapturedAt ?? last))")
        }
        let mappings = try store.sureMappings(connectionID: connection.id)
        let validator = SureBatchValidator(connection: connection.identity, mappings: mappings.map(\.mapping), now: now)
        let context = EventContext(
            connection: connection,
            mappings: Dictionary(mappings.map { ($0.sourceAccountID, $0) }, uniquingKeysWith: { a, _ in a }))
        var running = connection.predecessorDigest
        var counts = SureCounts()
        for chunk in chunks {
            processing = chunk
            guard chunk.predecessorDigest == running else {
                throw SureError(
                    .predecessorConflict, "sequence \(chunk.sequence)'s predecessor_digest is not the digest of the batch before it")
            }
            guard let payload = try store.sureBatchPayload(rowID: chunk.rowID) else {
                throw SureError(.invalidPayload, "the stored bytes of sequence \(chunk.sequence) are gone")
            }
            let body: SureBatchBody
            do {
                body = try SureBatchBody(bytes: payload)
            } catch {
                throw UnreadableStoredBatch(sequence: chunk.sequence)
            }
            let batch = try validator.validate(body)
            try store.markSureBatch(
                rowID: chunk.rowID, status: .processing, errorCode: chunk.errorCode,
                dropPayload: false, now: now.epochSeconds)
            for event in batch.events {
                try applyEvent(event, context: context, counts: &counts)
                #if DEBUG
                TestFaultInjection.reached(.event)
                #endif
            }
            #if DEBUG
            TestFaultInjection.reached(.chunk)
            #endif
            running = chunk.payloadDigest
        }
        for chunk in chunks {
            try store.markSureBatchApplied(rowID: chunk.rowID, appliedAt: now.text, counts: counts.json, now: now.epochSeconds)
        }
        guard var advanced = try store.sureConnection(id: connection.id) else {
            throw LedgerStoreError.missingRecord(kind: "Sure connection", id: connection.id)
        }
        advanced.nextSequence = chunks.last!.sequence + 1
        advanced.predecessorDigest = chunks.last!.payloadDigest
        advanced.lastImportedAt = now.text
        advanced.lastDownstreamAt = now.text
        advanced.lastCapturedAt = first.capturedAt
        advanced.lastCapturedKey = first.capturedKey
        try store.saveSureConnection(advanced)
        return counts
    }

    struct EventContext {
        let connection: SureConnectionRecord
        let mappings: [String: SureMappingRecord]

        /// The mapping the binding names (the validator made sure there is one).
        func mapping(_ binding: SureBinding) throws -> SureMappingRecord {
            guard let mapping = mappings[binding.sourceAccountID] else {
                throw SureError(.mappingConflict, "the account binding does not match a mapped account of this connection")
            }
            return mapping
        }
    }

    private func applyEvent(_ event: SureEvent, context: EventContext, counts: inout SureCounts) throws {
        switch event {
        case .accountUpsert(let upsert):
            let mapping = try context.mapping(upsert.binding)
            try store.updateSureMapping(
                connectionID: context.connection.id, sourceAccountID: mapping.sourceAccountID,
                name: upsert.displayName, institutionName: upsert.institutionName)
            let account = Account(
                id: mapping.accountID, kind: upsert.kind, displayName: upsert.displayName,
                institutionName: upsert.institutionName, accountDescription: upsert.accountDescription,
                currencyCode: upsert.currency, openingDate: upsert.openingDate)
            _ = try store.upsertAccount(account, sourceRowID: context.connection.sourceRowID)
            counts.accounts += 1
        case .accountUnavailable(let binding):
            let mapping = try context.mapping(binding)
            try store.markSureMappingUnavailable(
                connectionID: context.connection.id, sourceAccountID: mapping.sourceAccountID, at: now.text)
            counts.accounts += 1
        case .balanceUpsert(let balance):
            try applyBalance(balance, context: context, counts: &counts)
        case .transactionUpsert(let transaction):
            try applyTransaction(transaction, context: context, counts: &counts)
        case .transactionTombstone(let tombstone):
            try applyTombstone(tombstone, context: context, counts: &counts)
        }
    }

    private func applyBalance(_ balance: SureBalanceUpsert, context: EventContext, counts: inout SureCounts) throws {
        let mapping = try context.mapping(balance.binding)
        let lineage = mapping.lineageID
        let key = SureInstant.key(balance.observedAt)
        let money = balance.money
        if let stored = try store.sureObservation(lineageID: lineage, sourceID: balance.sourceID, kind: balance.kind, observedKey: key) {
            if stored.amount == money.amount.units, stored.currency == money.amount.currency,
                stored.direction == money.direction.rawValue
            {
                return
            }
            let identity = SureApplyRules.balanceIdentity(sourceID: balance.sourceID, kind: balance.kind, observedKey: key)
            if try store.isSureSettled(lineageID: lineage, scope: "balance", identity: identity) {
                counts.settled += 1
                return
            }
            let details = SureApplyRules.balanceConflictDetails(
                sourceID: balance.sourceID, kind: balance.kind,
                observedAt: balance.observedAt)
            try store.openSureConflict(
                SureConflictRecord(
                    id: SureConnections.newID(), connectionID: context.connection.id, lineageID: lineage,
                    kind: SureConflictKind.balanceObservationConflict.rawValue, identity: identity, status: .open, details: details,
                    createdAt: now.text))
            counts.reviewRequired += 1
            return
        }
        var balanceID: String?
        if balance.kind == "booked" {
            let id = "\(balance.sourceID)@\(SureInstant.canonicalUTC(balance.observedAt))"
            let side = Balance(amount: money.amount, asOfDate: balance.observedAt, creditDebitIndicator: money.direction)
            if let record = AccountBalance(
                id: id, accountID: mapping.accountID, currencyCode: money.amount.currency,
                available: nil, booked: side)
            {
                _ = try store.upsertBalance(record)
                balanceID = id
            }
        }
        try store.insertSureObservation(
            lineageID: lineage, connectionID: context.connection.id, accountID: mapping.accountID, sourceID: balance.sourceID,
            kind: balance.kind, observedAt: balance.observedAt.text, observedKey: key,
            observation: LedgerStore.SureObservation(
                amount: money.amount.units, currency: money.amount.currency,
                direction: money.direction.rawValue, balanceID: balanceID),
            now: now.text)
        counts.balances += 1
    }

    private func openTransactionConflict(
        _ kind: SureConflictKind, lineage: String, sourceID: String, accountSourceID: String,
        context: EventContext
    ) throws {
        let details = SureApplyRules.transactionConflictDetails(sourceID: sourceID, sourceAccountID: accountSourceID)
        try store.openSureConflict(
            SureConflictRecord(
                id: SureConnections.newID(), connectionID: context.connection.id, lineageID: lineage, kind: kind.rawValue,
                identity: sourceID, status: .open, details: details, createdAt: now.text))
    }

    private func applyTransaction(_ upsert: SureTransactionUpsert, context: EventContext, counts: inout SureCounts) throws {
        let mapping = try context.mapping(upsert.binding)
        let lineage = mapping.lineageID
        let sourceID = upsert.sourceID
        // 1. settled by keep_sure
        if try store.isSureSettled(lineageID: lineage, scope: "transaction", identity: sourceID) {
            counts.settled += 1
            return
        }
        // 2. already under review
        if try store.hasOpenSureConflict(lineageID: lineage, identity: sourceID) {
            counts.reviewRequired += 1
            return
        }
        let identity = try store.sureIdentity(lineageID: lineage, sourceID: sourceID)
        let ledgerID = identity?.ledgerID ?? upsert.sourceIDText
        let existing = try store.ledgerTransaction(id: ledgerID)
        // 4. tombstoned, or imported and its entry since deleted
        if let identity, identity.status == "deleted" || (identity.imported && existing == nil) {
            try openTransactionConflict(
                .sourceReappeared, lineage: lineage, sourceID: sourceID,
                accountSourceID: mapping.sourceAccountID, context: context)
            counts.reviewRequired += 1
            return
        }
        // An entry this identity does not own (another source's, or moved) is protected. A
        // source-only status is still recorded and counted as such (Sure:
        // app/models/financekit/processor.rb, `import_transaction!` and `remove_source_only_entry!`).
        let owned = identity?.imported == true && existing?.accountID == mapping.accountID
        if let existing, !owned || existing.accountID != mapping.accountID {
            let sourceOnly = SureApplyRules.isSourceOnly(status: upsert.status)
            try openTransactionConflict(
                sourceOnly ? .protectedSourceUpdate : .protectedEntry, lineage: lineage, sourceID: sourceID,
                accountSourceID: mapping.sourceAccountID, context: context)
            counts.reviewRequired += 1
            if sourceOnly {
                try store.saveSureIdentity(
                    lineageID: lineage, sourceID: sourceID,
                    identity: LedgerStore.SureIdentity(
                        ledgerID: ledgerID, accountID: mapping.accountID, status: upsert.status,
                        imported: identity?.imported ?? false, tombstonedAt: nil),
                    connectionID: context.connection.id, payload: nil, now: now.text)
                counts.sourceOnly += 1
            }
            return
        }
        // 5. source-only statuses leave the ledger
        if SureApplyRules.isSourceOnly(status: upsert.status) {
            if existing != nil { _ = try store.deleteTransaction(id: ledgerID, accountID: mapping.accountID) }
            try store.saveSureIdentity(
                lineageID: lineage, sourceID: sourceID,
                identity: LedgerStore.SureIdentity(
                    ledgerID: ledgerID, accountID: mapping.accountID, status: upsert.status, imported: false, tombstonedAt: nil),
                connectionID: context.connection.id, payload: nil, now: now.text)
            counts.sourceOnly += 1
            return
        }
        // 6. upsert
        try upsertTransaction(upsert, ledgerID: ledgerID, existing: existing, mapping: mapping, context: context)
        counts.upserted += 1
    }

    /// Writes the transaction and its identity; pending -> booked keeps the entry and its date.
    private func upsertTransaction(
        _ upsert: SureTransactionUpsert, ledgerID: String,
        existing: (accountID: String, status: String, date: String)?,
        mapping: SureMappingRecord, context: EventContext
    ) throws {
        var transactionDate = upsert.transactedAt
        if let existing, SureApplyRules.keepsTransactionDate(storedStatus: existing.status, newStatus: upsert.status),
            let kept = Timestamp(rfc3339: existing.date)
        {
            transactionDate = kept
        }
        let transaction = Transaction(
            id: ledgerID, accountID: mapping.accountID, transactionDate: transactionDate, postedDate: upsert.postedAt,
            transactionAmount: upsert.amount.amount, foreignCurrencyAmount: upsert.foreignAmount?.amount,
            foreignCurrencyExchangeRate: upsert.foreignExchangeRate, creditDebitIndicator: upsert.amount.direction,
            transactionDescription: upsert.transactionDescription,
            originalTransactionDescription: upsert.originalTransactionDescription,
            merchantCategoryCode: upsert.merchantCategoryCode, merchantName: upsert.merchantName,
            transactionType: SureApplyRules.transactionType(upsert.transactionType),
            status: TransactionStatus(rawValue: upsert.status))
        _ = try store.upsertTransaction(transaction)
        try store.saveSureIdentity(
            lineageID: mapping.lineageID, sourceID: upsert.sourceID,
            identity: LedgerStore.SureIdentity(
                ledgerID: ledgerID, accountID: mapping.accountID, status: upsert.status, imported: true, tombstonedAt: nil),
            connectionID: context.connection.id, payload: upsert.transactionType, now: now.text)
    }

    private func applyTombstone(_ tombstone: SureTombstone, context: EventContext, counts: inout SureCounts) throws {
        let mapping = try context.mapping(tombstone.binding)
        let lineage = mapping.lineageID
        let identity = try store.sureIdentity(lineageID: lineage, sourceID: tombstone.sourceID)
        if identity?.status == "deleted" { return }
        let ledgerID = identity?.ledgerID ?? tombstone.sourceID
        let existing = try store.ledgerTransaction(id: ledgerID)
        let deleted = LedgerStore.SureIdentity(
            ledgerID: ledgerID, accountID: mapping.accountID, status: "deleted",
            imported: identity?.imported ?? false, tombstonedAt: now.text)
        if try store.isSureSettled(lineageID: lineage, scope: "transaction", identity: tombstone.sourceID) {
            counts.settled += 1
        } else if let existing {
            let owned = identity?.imported == true && existing.accountID == mapping.accountID
            if owned {
                _ = try store.deleteTransaction(id: ledgerID, accountID: mapping.accountID)
                counts.retracted += 1
            } else {
                try openTransactionConflict(
                    .protectedTombstone, lineage: lineage, sourceID: tombstone.sourceID,
                    accountSourceID: mapping.sourceAccountID, context: context)
                counts.reviewRequired += 1
            }
        }
        // Marked deleted in every case, a protected entry's too, so the transaction cannot come
        // back unasked (Sure: app/models/financekit/processor.rb, `retract!`).
        try store.saveSureIdentity(
            lineageID: lineage, sourceID: tombstone.sourceID, identity: deleted,
            connectionID: context.connection.id, payload: nil, now: now.text)
    }
}
