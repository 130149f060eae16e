// Generated from the server's OpenAPI document (GET /api/openapi.json) by openapi-typescript.
// Do not edit: run `npm run api-types` after changing a route's schema.
// apps/server/src/openapi-contract.test.ts fails while this file and the server disagree.

export interface paths {
    "/api/accounts/settings/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Whether only members with top_up see the balance (the owner sets it) */
        put: operations["putAccountsSettingsBalance"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/accounts/settings/letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's letter delivery preferences, in both representations (the defaults until saved) */
        get: operations["getAccountsSettingsLetters"];
        /** Saves the company's letter delivery preferences (manage_company); when both omit flags are on, omit-mail is turned off */
        put: operations["putAccountsSettingsLetters"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/addresses": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The addresses at a UK postcode, to pick from in an address form ("Find address") */
        get: operations["getAddresses"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's API keys (never their secrets) */
        get: operations["getApiKeys"];
        put?: never;
        /** Create an API key; its secret is answered this once */
        post: operations["postApiKeys"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key at once */
        delete: operations["deleteApiKeysById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approvals/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or deny a request (supervisors of its department, or the owner) */
        post: operations["postApprovalsDecide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit log of administrative changes (owner only) */
        get: operations["getAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/carriers/{carrier}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A carrier's signed tracking events */
        post: operations["postCarriersByCarrierWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cloud/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The PDF behind a cloud link */
        post: operations["postCloudFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cloud/open": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Open a cloud link: the letter it shares (the first opening is the sender’s read receipt) */
        post: operations["postCloudOpen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/comms/digitalchannels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send yourself an email (to your own address) and/or a text message, charged at the list price */
        post: operations["postCommsDigitalchannels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/comms/letterpostage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Post a one-page test letter to the address given (standard or premium, colour or black and white) */
        post: operations["postCommsLetterpostage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's company: name, registration, postal address, VAT number, plan, health, members and, when the member may see it, the balance (pence) */
        get: operations["getCompany"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Saves the company's postal address (parcels' default sender), VAT number and reply-to email for letters sent by email (edit_company_address); null clears each, an absent reply_to_email keeps it */
        put: operations["putCompanyDetails"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Looks the number up again and keeps what the register says as the company's registration (manage_company) */
        put: operations["putCompanyRegistration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/company/registration/lookup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Looks a company number up in the UK company register (manage_company); an unknown or inactive company answers the spec message */
        post: operations["postCompanyRegistrationLookup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/csrf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a CSRF token for state-changing calls */
        get: operations["getCsrf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's customers by name, with search (name, email, postcode, phone) and a preference filter */
        get: operations["getCustomers"];
        /** Edit a customer: only the fields sent change (null clears the email or phone) */
        put: operations["putCustomers"];
        /** Add a customer */
        post: operations["postCustomers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One customer and their letters, newest first */
        get: operations["getCustomersById"];
        put?: never;
        post?: never;
        /** Delete a customer (their letters stay, unlinked) */
        delete: operations["deleteCustomersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What was sent to a customer, newest first: letters by post, emails, texts and parcels, with where each went and its status (the spec's comms retrieve) */
        get: operations["getCustomersByIdMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's customers as CSV (UTF-8, Excel's columns of the import; formulas neutralised) */
        get: operations["getCustomersExportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import customers from a CSV or Excel (.xlsx) file, all or nothing
         * @description Multipart: "file", and "mapping" (JSON, header → field or null; headers left out keep the automatic field). A row naming an existing customer (same email, else same name and postcode) updates it; blank cells keep what is stored. Refused rows are listed with their spreadsheet row number (the header is row 1) and reason.
         */
        post: operations["postCustomersImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/customers/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a CSV or Excel (.xlsx) file of customers: its columns, how they map to fields, its first rows
         * @description Multipart, field "file" (at most 10 MB; CSV or XLSX told by content). `mapping` is the automatic one: header → field, or null for a column that is not imported.
         */
        post: operations["postCustomersImportPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Departments sorted by name, with the number of employees of the company */
        get: operations["getDepartments"];
        put?: never;
        /** Create departments (plan feature department_management_and_reports) */
        post: operations["postDepartments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/departments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One department with its members */
        get: operations["getDepartmentsById"];
        /** Edit a department */
        put: operations["putDepartmentsById"];
        post?: never;
        /** Delete a department that has no members */
        delete: operations["deleteDepartmentsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/downloads/{os}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The desktop installer files for windows or mac, in the order they are downloaded; 404 when none is configured */
        get: operations["getDownloadsByOs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/downloads/{os}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One installer file as an attachment (byte ranges supported); only names the list offers */
        get: operations["getDownloadsByOsByName"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company balance, what holds reserve of it and what is available (pence) */
        get: operations["getFinancesBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/intent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Starts a card top-up: a payment intent for the amount (pence) with the card payment method */
        post: operations["postFinancesIntent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/spending-caps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each member's monthly spending limit and what they spent this month (pence; 0 = Unlimited) */
        get: operations["getFinancesSpendingCaps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A month's statement as a PDF: the company and its account reference, the opening balance, each transaction and the closing balance */
        get: operations["getFinancesStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/top-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How to pay: the card provider and the bank transfer details (the reference is the account reference, the account id people see: decision 0031) */
        get: operations["getFinancesTopUp"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finishes a card top-up once the browser confirmed the card: the server asks the provider and credits a paid intent once */
        post: operations["postFinancesTopup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/transactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The company ledger, newest first, a reservation and its charge or release folded into one row
         * @description Filters: `filter.date` (`<ISO from>/<ISO to>`, `..` for an open end), `filter.type` (transaction types). Search covers the description, the letter, the parcel recipient, the user, the reference and the service id. A reservation (`hold`) is listed while open; once charged it shows as its `capture`, once released as its `release` (decision 0031).
         */
        get: operations["getFinancesTransactions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/transactions/{id}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A PDF receipt for money received (a card top-up or a bank transfer) */
        get: operations["getFinancesTransactionsByIdReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/finances/transactions/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The transactions as a CSV file (UTF-8 with a BOM for Excel), with the list filters applied
         * @description The same filters and search as `GET /api/finances/transactions`, every matching row oldest first, streamed. Dates are dd/mm/yyyy (UK time), amounts pounds with 2 decimals.
         */
        get: operations["getFinancesTransactionsExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inserts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's inserts (PDFs of 1 or 2 sheets added to letters that choose them), newest first */
        get: operations["getInserts"];
        put?: never;
        /** Upload an insert (multipart "file": a PDF of at most 2 sheets, 4 pages); the same file again answers the insert already stored */
        post: operations["postInserts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inserts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an insert (letters already sent or scheduled with it keep it: their file was made when they were sent) */
        delete: operations["deleteInsertsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/inserts/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The insert as uploaded (PDF) */
        get: operations["getInsertsByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every provider with the company’s connection to it (never a token) */
        get: operations["getIntegrations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect: the tokens are deleted and revoked where the provider allows (imports stay) */
        delete: operations["deleteIntegrationsByProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/auto-sync": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Turn auto-sync on or off: a cloud drive copies letters; an accounting provider imports new invoices as letters every hour */
        put: operations["putIntegrationsByProviderAutoSync"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/connect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start connecting: the provider's consent page to send the browser to (a state kept 10 minutes, PKCE) */
        post: operations["postIntegrationsByProviderConnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/contacts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of an accounting provider's contacts, each saying whether it was imported */
        get: operations["getIntegrationsByProviderContacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/contacts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The chosen contacts become customers (matched by an earlier import, then email, then name and postcode); a matched customer is updated only when its contact is in `update` */
        post: operations["postIntegrationsByProviderContactsImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/contacts/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What importing the chosen contacts would do, writing nothing: new, matched (how, and the fields that would change, old → new) or refused */
        post: operations["postIntegrationsByProviderContactsImportPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/invoices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of an accounting provider's sales invoices (approved or paid), amounts in pence */
        get: operations["getIntegrationsByProviderInvoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/invoices/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The chosen invoices become letters (a PDF addressed to the contact, analysed like an upload, linked to the contact's customer)
         * @description An invoice imported before answers its letter (existing: true).
         */
        post: operations["postIntegrationsByProviderInvoicesImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/{provider}/redirect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The provider's return: the state is checked (once, this company and person, 10 minutes), the code exchanged, the connection stored
         * @description additional_info carries what else the provider returned (QuickBooks: its realmId). A denial (error, or no auth_code) answers 400; an unknown, used, expired or foreign state 404.
         */
        post: operations["postIntegrationsByProviderRedirect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a connection works now (a cheap call to the provider with the stored tokens) */
        post: operations["postIntegrationsCheck"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/{uniqueId}/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Validate an invitation and get the invitee name it carries */
        get: operations["getInvitationsByUniqueIdByAccountId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation: set name, job title, phone and password; signs the user in */
        post: operations["postInvitationsAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letterheads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's letterheads (primary and secondary; an empty list when none) */
        get: operations["getLetterheads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letterheads/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload the primary or secondary letterhead (multipart "file": one PDF, PNG or JPEG); replaces the one there */
        post: operations["postLetterheadsByKind"];
        /** Delete a letterhead */
        delete: operations["deleteLetterheadsByKind"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letterheads/{kind}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The letterhead file (the preview) */
        get: operations["getLetterheadsByKindFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Letters of the company, newest first, with the row count of every tab
         * @description Filters: `filter.status` (display statuses), `filter.creator` (creator emails), `filter.creation_date` (`<ISO from>/<ISO to>`, `..` for an open end). Search covers the name, the recipient and the creator.
         */
        get: operations["getLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One letter */
        get: operations["getLettersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/address-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Re-set the address on page 1: the window and the old address whited out, the address set inside the window */
        post: operations["postLettersByIdAddressReset"];
        /** Undo the re-set address: the letter is analysed again as uploaded */
        delete: operations["deleteLettersByIdAddressReset"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/address-sheet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put an address sheet in front of a letter whose window does not show its address as it should */
        post: operations["postLettersByIdAddressSheet"];
        /** Take the address sheet off a letter: it is analysed again as uploaded */
        delete: operations["deleteLettersByIdAddressSheet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/cloud-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke every live link to the letter (cloud link, email sent as a link, text message): each then answers as an unknown link */
        delete: operations["deleteLettersByIdCloudLink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/customer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Link a letter to one of the company's customers (null unlinks it) */
        put: operations["putLettersByIdCustomer"];
        /** Save the letter's recipient (as read from it) as a new customer, and link the letter to them */
        post: operations["postLettersByIdCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/delivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The letter's delivery channels and outcomes, and its latest delivery in detail */
        get: operations["getLettersByIdDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The letter as PDF (inline, or as an attachment with ?download=1) */
        get: operations["getLettersByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every status the letter went through, oldest first */
        get: operations["getLettersByIdHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What was sent for a letter, newest first: by post, email and text, with where each went and its status */
        get: operations["getLettersByIdMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The letter's page count */
        get: operations["getLettersByIdMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Page 1 as it will be printed: the postal barcode placed and the envelope window outlined (PDF) */
        get: operations["getLettersByIdProof"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/proof-of-delivery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The proof of delivery of the letter's tracked mail (PDF: tracking number, events, who signed, the signature) */
        get: operations["getLettersByIdProofOfDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/recipient": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Correct or confirm the recipient read from the letter; it is what the letter records and what a fix prints */
        put: operations["putLettersByIdRecipient"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signature Royal Mail took on delivery of the letter's signed-for mail (PNG) */
        get: operations["getLettersByIdSignature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/split": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The proposed split of a merged letter: where each letter starts, why, and its recipient */
        get: operations["getLettersByIdSplit"];
        put?: never;
        /** Split a merged letter: find where each letter starts (a job); the letters are made on confirm */
        post: operations["postLettersByIdSplit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/split/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cut a merged letter at the pages given (the first page of every letter: 1 first, in order); a job creates the letters */
        post: operations["postLettersByIdSplitConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/{id}/thumbnail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A JPEG thumbnail of the letter's first page */
        get: operations["getLettersByIdThumbnail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/callbacks/print": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The print partner's signed status webhook (Stannp's shape) */
        post: operations["postLettersCallbacksPrint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/callbacks/sms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The text message provider's signed status callback (Twilio's form-encoded shape) */
        post: operations["postLettersCallbacksSms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled delivery (or one waiting for approval) and release its money */
        post: operations["postLettersCancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/delete-permanently": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete letters in the trash for good (their files too) */
        post: operations["postLettersDeletePermanently"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/deliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver a letter now, at a time, or for a supervisor to approve; its price is held on the balance */
        post: operations["postLettersDeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/deliver/bulk": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver several letters with the same options; each letter succeeds or is refused on its own */
        post: operations["postLettersDeliverBulk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/deliver/bulk/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The price of delivering several letters with the same options: the total, the balance after it, and the letters that cannot be sent as asked (nothing is reserved) */
        post: operations["postLettersDeliverBulkQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/deliver/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The price of a delivery per channel, the balance after it, and the defaults from the preferences */
        post: operations["postLettersDeliverQuote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a letter (multipart, field "file"; PDF, checked by content); analysis runs as a job */
        post: operations["postLettersFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/processed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Mark letters processed */
        patch: operations["patchLettersProcessed"];
        trace?: never;
    };
    "/api/letters/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore letters from the trash */
        post: operations["postLettersRestore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/thumbnails/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Thumbnails of a page of the letter list as they are ready (text/event-stream) */
        get: operations["getLettersThumbnailsStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/letters/trash": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move letters to the trash (soft delete) */
        post: operations["postLettersTrash"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user, their company and abilities */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/list-preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's list preferences: which of the letters list's tabs they see */
        get: operations["getMeListPreferences"];
        /** Saves list preferences (showUploaded, showScheduled, showSent, showFailed; booleans); keys not sent stay */
        put: operations["putMeListPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Changes the password (the current one required); every other session ends and this one continues on a new cookie */
        post: operations["postMePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user's own profile */
        get: operations["getMeProfile"];
        /** Saves the signed-in user's name, job title and phone number (a UK number) */
        put: operations["putMeProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merge-runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A merge's progress and each recipient's outcome (the letter made, or why none was) */
        get: operations["getMergeRunsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merge-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's mail merge templates, newest first */
        get: operations["getMergeTemplates"];
        put?: never;
        /** Upload a Word letter with merge fields as a template (multipart "file", DOCX); answers its fields */
        post: operations["postMergeTemplates"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merge-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One template and its fields */
        get: operations["getMergeTemplatesById"];
        put?: never;
        post?: never;
        /** Delete a template (merges made from it and their letters stay) */
        delete: operations["deleteMergeTemplatesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merge-templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One recipient's letter with its fields filled, as a PDF (or the fields it lacks) */
        post: operations["postMergeTemplatesByIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/merge-templates/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Merge the template for its recipients: one letter each, analysed and (by default) delivered through each customer’s preferred channels; answers the run */
        post: operations["postMergeTemplatesByIdSend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Open notifications grouped by sender, newest first (at most 200) */
        get: operations["getNotifications"];
        put?: never;
        post?: never;
        /** Dismiss every open notification */
        delete: operations["deleteNotifications"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Dismiss one notification */
        delete: operations["deleteNotificationsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Number of open notifications */
        get: operations["getNotificationsCount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live notifications, refresh signals and session messages (text/event-stream) */
        get: operations["getNotificationsStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/stream/{id}/disconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the caller's own notification stream of this id (the page's unload beacon) */
        post: operations["postNotificationsStreamByIdDisconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's parcels, newest first, with search (recipient, postcode, carrier, tracking number) and filters */
        get: operations["getParcels"];
        put?: never;
        /** Confirms a quote row: the price is held and the booking made (or a supervisor asked) */
        post: operations["postParcels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One parcel with its history and tracking points */
        get: operations["getParcelsById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/{id}/label": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The printable label (PDF); 204 while the carrier is still making it */
        get: operations["getParcelsByIdLabel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/{id}/void": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancels (voids) a booked label the carrier has not scanned yet, refunding its price once: status Cancelled */
        post: operations["postParcelsByIdVoid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/defaults": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the booking form starts from: the sender, the presets and the carriers */
        get: operations["getParcelsDefaults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The member's booking form as they left it (null when none): it survives a reload and follows them */
        get: operations["getParcelsDraft"];
        /** Keeps the member's booking form as typed until they book or discard it */
        put: operations["putParcelsDraft"];
        post?: never;
        /** Discards the member's booking form */
        delete: operations["deleteParcelsDraft"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Saves one of the company's own parcel presets */
        post: operations["postParcelsPresets"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/presets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Deletes one of the company's own presets */
        delete: operations["deleteParcelsPresetsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/quotes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Asks every carrier at once for this parcel: priced rows, and the refused ones with the reason */
        post: operations["postParcelsQuotes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/parcels/track/{carrier}/{shipmentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A shipment's tracking points, newest first */
        get: operations["getParcelsTrackByCarrierByShipmentId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the token of a reset link; every session of the user ends */
        post: operations["postPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Email a password reset link (same answer whether or not the email is registered) */
        post: operations["postPasswordResetRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/sandbox/payment_intents/{id}/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox's stand-in for Stripe.js confirmCardPayment */
        post: operations["postPaymentsSandboxPaymentIntentsByIdConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/sandbox/payment_methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox's stand-in for Stripe.js createPaymentMethod (test cards as Stripe's) */
        post: operations["postPaymentsSandboxPaymentMethods"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/payments/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The payment provider's signed events (Stripe's scheme); each event is processed once */
        post: operations["postPaymentsWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The plans: name, monthly price (pence, or "Call") and perks */
        get: operations["getPlans"];
        /** Chooses the company's plan; a paid plan's first month is taken from the balance (Enterprise: an info message, nothing changes) */
        put: operations["putPlans"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/plans/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's plan, its period, its health and any unpaid fee (pence) */
        get: operations["getPlansCurrent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with email and password */
        post: operations["postSession"];
        /** Sign out of this browser */
        delete: operations["deleteSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out everywhere: revoke every session of this user */
        delete: operations["deleteSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a company and its owner */
        post: operations["postSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/folders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a folder (empty name: New Folder) */
        post: operations["postStorageFolders"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/folders/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A folder ("root" for the company's root): its breadcrumb and one page of its items, customer folders first, then folders, then files */
        get: operations["getStorageFoldersById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/folders/{id}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload one file in one request (multipart, field "file"): for programs; browsers use the resumable uploads */
        post: operations["postStorageFoldersByIdFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/items/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a folder (with everything in it) or a file; `name` must be its exact current name */
        delete: operations["deleteStorageItemsById"];
        options?: never;
        head?: never;
        /** Rename a folder or file (a file keeps its extension; empty keeps the name) */
        patch: operations["patchStorageItemsById"];
        trace?: never;
    };
    "/api/storage/items/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A stored file (inline, or as an attachment with ?download=1), byte ranges supported; a letter-linked item answers its letter */
        get: operations["getStorageItemsByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/items/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete several files at once (folders are deleted one at a time, their name typed) */
        post: operations["postStorageItemsDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/tree/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The folders inside a folder, for the folder tree (at most 1,000) */
        get: operations["getStorageTreeById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start an upload: checks the type and size and reserves the quota; chunks follow */
        post: operations["postStorageUploads"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/uploads/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where an upload is: the bytes received (resume from there) */
        get: operations["getStorageUploadsById"];
        put?: never;
        post?: never;
        /** Cancel an upload; its reservation is released */
        delete: operations["deleteStorageUploadsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/uploads/{id}/chunks/{n}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Send chunk n (from 0) of an upload: exactly chunk_size bytes (the last: what is left); the last one stores the file */
        put: operations["putStorageUploadsByIdChunksByN"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/storage/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's storage: used, reserved and the plan's quota */
        get: operations["getStorageUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of the company, sorted by name (tab pending: invited, not yet accepted) */
        get: operations["getUsers"];
        put?: never;
        /** Invite a colleague (202 "In Review" when manage_users needs a supervisor’s approval) */
        post: operations["postUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One member */
        get: operations["getUsersById"];
        /** Edit a member's roles (presets only), permissions, approvals and department (202 "In Review" when manage_users needs a supervisor’s approval) */
        put: operations["putUsersById"];
        post?: never;
        /** Remove a member; their sessions end at once (202 "In Review" when manage_users needs a supervisor’s approval) */
        delete: operations["deleteUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/spending-cap": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A member's monthly spending cap and this month's spend (pence; 0 = Unlimited) */
        get: operations["getUsersByIdSpendingCap"];
        /** Set another member's monthly spending cap (pence, rounded to whole pence; 0 = Unlimited; a non-zero override takes precedence). Never one's own, never the owner's. */
        put: operations["putUsersByIdSpendingCap"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The company's webhook endpoints (never their secrets) */
        get: operations["getWebhooks"];
        put?: never;
        /** Register a webhook endpoint; its signing secret is answered this once */
        post: operations["postWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a webhook endpoint with its attempt log */
        delete: operations["deleteWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/attempts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An endpoint's delivery attempts, newest first, a page at a time */
        get: operations["getWebhooksByIdAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event to the endpoint again, with the same event id */
        post: operations["postWebhooksByIdDeliveriesByDeliveryIdResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Switch a switched-off endpoint on again */
        post: operations["postWebhooksByIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "approval.decided": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * approval.decided
         * @description A supervisor approved or denied a request. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookApprovalDecided"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "approval.requested": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * approval.requested
         * @description A member's action waits for a supervisor's approval. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookApprovalRequested"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "balance.low": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * balance.low
         * @description The balance available to spend fell below the low-balance mark. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookBalanceLow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "delivery.channel_updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * delivery.channel_updated
         * @description One channel of a delivery (post, email, text message, cloud link) moved on. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookDeliveryChannelUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "letter.analysed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * letter.analysed
         * @description A letter came out of analysis: ready to deliver, or refused with the reason. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookLetterAnalysed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "letter.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * letter.status_changed
         * @description A letter's status changed (scheduled, sending, delivered, cancelled...). Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookLetterStatusChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "parcel.status_changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * parcel.status_changed
         * @description A parcel's status or its carrier's tracking status changed. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookParcelStatusChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.succeeded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.succeeded
         * @description A card top-up was paid and credited to the balance. Signed by the Standard Webhooks specification; retried with backoff for up to 3 days until the endpoint answers 2xx.
         */
        post: operations["webhookPaymentSucceeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @description A refusal: the error catalogue’s shape */
        Error: {
            /**
             * @description What went wrong, for programs
             * @enum {string}
             */
            code: "BAD_REQUEST" | "INVALID_JSON" | "INVALID_TOKEN" | "IDEMPOTENCY_KEY_INVALID" | "WEBHOOK_INVALID" | "UNAUTHENTICATED" | "INVALID_CREDENTIALS" | "INSUFFICIENT_FUNDS" | "PAYMENT_FAILED" | "PERMISSION_DENIED" | "SPENDING_CAP_EXCEEDED" | "CSRF_INVALID" | "NOT_FOUND" | "NOT_REGISTERED" | "REQUEST_TIMEOUT" | "ALREADY_REGISTERED" | "CONFLICT" | "IDEMPOTENCY_KEY_IN_USE" | "IDEMPOTENT_ANSWER_LOST" | "BODY_TOO_LARGE" | "URI_TOO_LONG" | "UNSUPPORTED_MEDIA_TYPE" | "VALIDATION_FAILED" | "IDEMPOTENCY_KEY_REUSED" | "UPGRADE_REQUIRED" | "RATE_LIMITED" | "HEADERS_TOO_LARGE" | "INTERNAL" | "UNAVAILABLE" | "INSUFFICIENT_STORAGE";
            /** @description The fields that are not valid (422) */
            fields?: {
                message: string;
                path: string;
            }[];
            /** @description What went wrong, for people */
            message: string;
            /** @description The HTTP status, repeated */
            statusCode: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    putAccountsSettingsBalance: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    restrict_balance_to_finance_admins: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        restrict_balance_to_finance_admins: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccountsSettingsLetters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_preferences: {
                            autoSend: boolean;
                            email: {
                                /** @enum {string} */
                                kind: "attachment" | "link";
                                omit: boolean;
                            };
                            mail: {
                                omit: boolean;
                                /** @enum {string} */
                                print: "colour" | "black_and_white";
                                /** @enum {string} */
                                service: "premium" | "standard";
                            };
                        };
                        letter_postage_preferences: {
                            color: boolean;
                            premium: boolean;
                        };
                        letters: {
                            delivery: {
                                email: {
                                    omit: boolean;
                                };
                                mail: {
                                    omit: boolean;
                                };
                            };
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putAccountsSettingsLetters: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    delivery_preferences: {
                        /** @default false */
                        autoSend?: boolean;
                        /**
                         * @default {
                         *       "kind": "attachment",
                         *       "omit": false
                         *     }
                         */
                        email?: {
                            /**
                             * @default attachment
                             * @enum {string}
                             */
                            kind?: "attachment" | "link";
                            /** @default false */
                            omit?: boolean;
                        };
                        /**
                         * @default {
                         *       "print": "colour",
                         *       "service": "premium",
                         *       "omit": false
                         *     }
                         */
                        mail?: {
                            /** @default false */
                            omit?: boolean;
                            /**
                             * @default colour
                             * @enum {string}
                             */
                            print?: "colour" | "black_and_white";
                            /**
                             * @default premium
                             * @enum {string}
                             */
                            service?: "premium" | "standard";
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_preferences: {
                            autoSend: boolean;
                            email: {
                                /** @enum {string} */
                                kind: "attachment" | "link";
                                omit: boolean;
                            };
                            mail: {
                                omit: boolean;
                                /** @enum {string} */
                                print: "colour" | "black_and_white";
                                /** @enum {string} */
                                service: "premium" | "standard";
                            };
                        };
                        letter_postage_preferences: {
                            color: boolean;
                            premium: boolean;
                        };
                        letters: {
                            delivery: {
                                email: {
                                    omit: boolean;
                                };
                                mail: {
                                    omit: boolean;
                                };
                            };
                        };
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAddresses: {
        parameters: {
            query: {
                postcode: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        addresses: {
                            county: string;
                            id: string;
                            line1: string;
                            line2: string;
                            line3: string;
                            postcode: string;
                            town: string;
                        }[];
                        postcode: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        keys: {
                            created_at: string;
                            created_by: {
                                email: string;
                                name: string;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            last_used_at: string | null;
                            /** @enum {string} */
                            mode: "live" | "test";
                            name: string;
                            permissions: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            prefix: string;
                            revoked_at: string | null;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApiKeys: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    expires_at?: (string) | null;
                    /**
                     * @default live
                     * @enum {string}
                     */
                    mode?: "live" | "test";
                    name: string;
                    permissions: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        key: {
                            created_at: string;
                            created_by: {
                                email: string;
                                name: string;
                            } | null;
                            expires_at: string | null;
                            id: string;
                            last_used_at: string | null;
                            /** @enum {string} */
                            mode: "live" | "test";
                            name: string;
                            permissions: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            prefix: string;
                            revoked_at: string | null;
                        };
                        secret: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteApiKeysById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postApprovalsDecide: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approval_id: string;
                    /** @enum {string} */
                    verdict: "approve" | "deny";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        status: string;
                        /** @enum {string} */
                        verdict: "approve" | "deny";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAudit: {
        parameters: {
            query?: {
                "filter.entity_type"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            action: string;
                            actor_api_key: string | null;
                            actor_email: string | null;
                            after: unknown;
                            at: string;
                            before: unknown;
                            entity_id: string;
                            entity_type: string;
                            id: number;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCarriersByCarrierWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                carrier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: number;
                    };
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCloudFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description The letter */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCloudOpen: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company_name: string;
                        expires_at: string;
                        first_opened_at: string;
                        name: string;
                        num_pages: number | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCommsDigitalchannels: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    message_to_recipient?: string;
                    recipient_phone_number?: string;
                    sms_text?: string;
                    subject?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        charged_pence: number;
                        email: boolean;
                        message: string;
                        sms: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCommsLetterpostage: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    is_colour: boolean;
                    is_premium: boolean;
                    recipient: {
                        address_lines: string[];
                        name: string;
                        postcode: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        state: "sending" | "scheduled" | "in_review";
                        status: string;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance?: number;
                        can: {
                            edit_address: boolean;
                            manage_registration: boolean;
                        };
                        health: {
                            reason: string | null;
                            status: string;
                        };
                        id: string;
                        members: number;
                        name: string;
                        plan: string;
                        postal_address: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            postcode: string;
                            town: string;
                        } | null;
                        reference: string;
                        registration: {
                            checked_at: string;
                            company_name: string;
                            company_number: string;
                            company_status: string;
                            date_of_creation: string | null;
                            registered_address: string[];
                            type: string | null;
                        } | null;
                        reply_to_email: string | null;
                        vat_number: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putCompanyDetails: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    postal_address: {
                        addressLine1: string;
                        addressLine2?: string;
                        addressLine3?: string;
                        county?: string;
                        postcode: string;
                        town: string;
                    } | null;
                    reply_to_email?: string | null;
                    vat_number: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        postal_address: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            postcode: string;
                            town: string;
                        } | null;
                        reply_to_email?: string | null;
                        vat_number: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putCompanyRegistration: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registration_number: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        checked_at: string;
                        company: {
                            company_name: string;
                            company_number: string;
                            company_status: string;
                            date_of_creation: string | null;
                            registered_address: string[];
                            type: string | null;
                        };
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCompanyRegistrationLookup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    registration_number: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        company: {
                            company_name: string;
                            company_number: string;
                            company_status: string;
                            date_of_creation: string | null;
                            registered_address: string[];
                            type: string | null;
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCsrf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                    };
                };
            };
        };
    };
    getCustomers: {
        parameters: {
            query?: {
                "filter.communications_preference"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            address: string;
                            address_lines: string[];
                            address_returned: {
                                at: string;
                                reason: string;
                            } | null;
                            cloud_storage_provider: string | null;
                            communications_preference: string[];
                            created_at: string;
                            customer_uuid: string;
                            email: string | null;
                            phone: string | null;
                            postcode: string | null;
                            recipient: string;
                            town: string;
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putCustomers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cloud_storage_provider?: ("google_drive" | "dropbox" | "onedrive") | null;
                    communications_preferences?: ("Mail" | "Email" | "SMS" | "Cloud storage")[];
                    customer_email?: string | null;
                    customer_phone?: string | null;
                    customer_uuid: string;
                    new_customer_address?: string | {
                        address_lines: string[];
                        postcode: string;
                        town?: string;
                    };
                    new_customer_name?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        address_lines: string[];
                        address_returned: {
                            at: string;
                            reason: string;
                        } | null;
                        cloud_storage_provider: string | null;
                        communications_preference: string[];
                        created_at: string;
                        customer_uuid: string;
                        email: string | null;
                        phone: string | null;
                        postcode: string | null;
                        recipient: string;
                        town: string;
                        updated_at: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCustomers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    address_lines?: string[];
                    /** @default null */
                    cloud_storage_provider?: ("google_drive" | "dropbox" | "onedrive") | null;
                    /** @default [] */
                    communications_preference?: ("Mail" | "Email" | "SMS" | "Cloud storage")[];
                    /** @default  */
                    email?: string;
                    name: string;
                    /** @default  */
                    phone?: string;
                    /** @default  */
                    postcode?: string;
                    /** @default  */
                    town?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        address_lines: string[];
                        address_returned: {
                            at: string;
                            reason: string;
                        } | null;
                        cloud_storage_provider: string | null;
                        communications_preference: string[];
                        created_at: string;
                        customer_uuid: string;
                        email: string | null;
                        phone: string | null;
                        postcode: string | null;
                        recipient: string;
                        town: string;
                        updated_at: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address: string;
                        address_lines: string[];
                        address_returned: {
                            at: string;
                            reason: string;
                        } | null;
                        cloud_storage_provider: string | null;
                        communications_preference: string[];
                        created_at: string;
                        customer_uuid: string;
                        email: string | null;
                        letters: {
                            creation_date: string;
                            display_status: string;
                            name: string;
                            status: string;
                            uuid: string;
                        }[];
                        phone: string | null;
                        postcode: string | null;
                        recipient: string;
                        town: string;
                        updated_at: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteCustomersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer_uuid: string;
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomersByIdMessages: {
        parameters: {
            query?: {
                channel?: "Email" | "SMS" | "Letter" | "Parcel";
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        next_cursor: string | null;
                        rows: {
                            /** @enum {string} */
                            channel: "Email" | "SMS" | "Letter" | "Parcel";
                            id: string;
                            letter_name: string | null;
                            letter_uuid: string | null;
                            parcel_uuid: string | null;
                            price_pence: number;
                            provider_status: string | null;
                            reason: string | null;
                            recipient: string | null;
                            sent_at: string;
                            state: string;
                            status: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCustomersExportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customers */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCustomersImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: Blob;
                    /** @description JSON: column header → customer field, or null for a column not imported (optional) */
                    mapping?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        imported: number;
                        refused: {
                            reason: string;
                            row: number;
                        }[];
                        total: number;
                        unchanged: number;
                        updated: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postCustomersImportPreview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        format: {
                            delimiter?: string;
                            encoding?: string;
                            /** @enum {string} */
                            kind: "csv" | "xlsx";
                            sheet?: string;
                        };
                        headers: string[];
                        mapping: {
                            [key: string]: ("name" | "first_name" | "last_name" | "address_line_1" | "address_line_2" | "address_line_3" | "address_line_4" | "town" | "county" | "postcode" | "email" | "phone" | "preferences") | null;
                        };
                        rows_total: number;
                        sample: {
                            row: number;
                            values: string[];
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDepartments: {
        parameters: {
            query?: {
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        employees: number;
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            approvals: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            id: string;
                            name: string;
                            numMembers: number;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            supervised_by: string[];
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postDepartments: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    departments: {
                        approvals?: {
                            administrative?: string[];
                            observable?: string[];
                            operational?: string[];
                        };
                        name: string;
                        permissions?: {
                            administrative?: string[];
                            observable?: string[];
                            operational?: string[];
                        };
                        /** @default [] */
                        supervised_by?: string[];
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ids: string[];
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDepartmentsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approvals: {
                            administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        };
                        id: string;
                        members: {
                            email_address: string;
                            id: string;
                            roles: string[];
                            user_name: string;
                        }[];
                        name: string;
                        numMembers: number;
                        permissions: {
                            administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        };
                        supervised_by: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putDepartmentsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approvals?: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    name: string;
                    permissions?: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    /** @default [] */
                    supervised_by?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDepartmentsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDownloadsByOs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                os: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: {
                            name: string;
                            sha256: string;
                            size: number;
                            url: string;
                        }[];
                        /** @enum {string} */
                        os: "windows" | "mac";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDownloadsByOsByName: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                name: string;
                os: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The installer */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The part of the installer the Range header asked for */
            206: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available: number;
                        balance: number;
                        crediting: boolean;
                        held: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFinancesIntent: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount: number;
                    payment_method_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount: number;
                        client_secret: string;
                        payment_intent_id: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesSpendingCaps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        month: string;
                        rows: {
                            amount_spent: number;
                            cap: number;
                            effective_cap: number;
                            email: string;
                            is_owner: boolean;
                            is_self: boolean;
                            override_cap: number;
                            user_id: string;
                            user_name: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesStatement: {
        parameters: {
            query: {
                /** @description The month, yyyy-mm (UK time) */
                month: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The statement */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesTopUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        bank: {
                            account_name: string;
                            account_number: string;
                            reference: string;
                            sort_code: string;
                        };
                        max_amount: number;
                        min_amount: number;
                        /** @enum {string} */
                        provider: "sandbox" | "stripe";
                        publishable_key: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postFinancesTopup: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    payment_intent_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance: number;
                        message: string;
                        /** @enum {string} */
                        status: "credited" | "processing";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesTransactions: {
        parameters: {
            query?: {
                "filter.date"?: string | string[];
                "filter.type"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        filter_options: {
                            type: string[];
                        };
                        rows: {
                            amount: number;
                            balance_after: number;
                            date: string;
                            description: string;
                            has_receipt: boolean;
                            held_delta: number;
                            hold_id: string | null;
                            id: string;
                            item: {
                                detail: string | null;
                                /** @enum {string} */
                                kind: "letter" | "parcel" | "plan";
                                name: string;
                            } | null;
                            reference: string | null;
                            service_uuid: string | null;
                            /** @enum {string} */
                            type: "top_up" | "bank_transfer" | "charge" | "hold" | "capture" | "release" | "refund" | "plan_charge" | "plan_refund";
                            type_label: string;
                            user_email: string | null;
                            user_name: string | null;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesTransactionsByIdReceipt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getFinancesTransactionsExport: {
        parameters: {
            query?: {
                "filter.date"?: string | string[];
                "filter.type"?: string | string[];
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transactions */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInserts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        inserts: {
                            created_at: string;
                            id: string;
                            name: string;
                            pages: number;
                            path: string;
                            sheets: number;
                            size: number;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postInserts: {
        parameters: {
            query?: {
                name?: string;
            };
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        id: string;
                        name: string;
                        pages: number;
                        path: string;
                        sheets: number;
                        size: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteInsertsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInsertsByIdFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The insert */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIntegrations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        integrations: {
                            auto_sync: boolean;
                            connected: boolean;
                            connected_at: string | null;
                            description: string;
                            /** @enum {string} */
                            kind: "accounting" | "cloud";
                            logo: string;
                            name: string;
                            plan_allows: boolean;
                            /** @enum {string} */
                            provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                            snakeCaseProviderName: string;
                            status: ("connected" | "revoked" | "error") | null;
                            sync_uploads?: boolean;
                            tenant_name: string | null;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteIntegrationsByProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        provider: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putIntegrationsByProviderAutoSync: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sync: boolean;
                    sync_uploads?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        auto_sync: boolean;
                        message: string;
                        /** @enum {string} */
                        provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                        sync_uploads?: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsByProviderConnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        url: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIntegrationsByProviderContacts: {
        parameters: {
            query?: {
                page?: number;
            };
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contacts: {
                            address: string[];
                            customer_uuid: string | null;
                            email: string | null;
                            external_id: string;
                            imported: boolean;
                            phone: string | null;
                            postcode: string | null;
                            preview_url: string | null;
                            recipient: string;
                        }[];
                        next_page: number | null;
                        page: number;
                        /** @enum {string} */
                        provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsByProviderContactsImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                    /** @default [] */
                    update?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: number;
                        customers: {
                            customer_uuid: string;
                            external_id: string;
                            recipient: string;
                        }[];
                        kept: number;
                        message: string;
                        refused: {
                            external_id: string;
                            reason: string;
                        }[];
                        updated: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsByProviderContactsImportPreview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contacts: {
                            changes: {
                                /** @enum {string} */
                                field: "name" | "address" | "postcode" | "email" | "phone";
                                new: string | null;
                                old: string | null;
                            }[];
                            customer_name: string | null;
                            customer_uuid: string | null;
                            external_id: string;
                            matched_by: ("earlier import" | "email" | "name and postcode") | null;
                            /** @enum {string} */
                            outcome: "new" | "matched" | "refused";
                            reason: string | null;
                            recipient: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getIntegrationsByProviderInvoices: {
        parameters: {
            query?: {
                page?: number;
            };
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invoices: {
                            amount_due: number;
                            contact_external_id: string;
                            currency: string;
                            due_date: string | null;
                            external_id: string;
                            imported: boolean;
                            issue_date: string | null;
                            items: string[];
                            letter_uuid: string | null;
                            paid: boolean;
                            preview_url: string | null;
                            recipient: string;
                            total: number;
                            user_invoice_id: string;
                        }[];
                        next_page: number | null;
                        page: number;
                        /** @enum {string} */
                        provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsByProviderInvoicesImport: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        letters: {
                            customer_uuid: string | null;
                            existing: boolean;
                            invoice_id: string;
                            user_invoice_id: string;
                            uuid: string;
                        }[];
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsByProviderRedirect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    additional_info?: string | {
                        [key: string]: string;
                    } | null;
                    auth_code?: string;
                    error?: string;
                    state: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        connected: true;
                        message: string;
                        /** @enum {string} */
                        provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                        tenant_name: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postIntegrationsCheck: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        connected: boolean;
                        message: string | null;
                        /** @enum {string} */
                        provider: "xero" | "quickbooks" | "sage" | "google_drive" | "dropbox" | "onedrive";
                        status: ("connected" | "revoked" | "error") | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company's plan does not include this. */
            426: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInvitationsByUniqueIdByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: string;
                uniqueId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_name: string;
                        email_address: string;
                        full_name: string;
                    };
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postInvitationsAccept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    account_id: string;
                    /** @default  */
                    job_title?: string;
                    password: string;
                    phone_number?: string;
                    unique_id: string;
                    user_name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        abilities: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        account: {
                            currentPlan: string;
                            health: {
                                reason: string | null;
                                status: string;
                            };
                            id: string;
                            name: string;
                            planPrice: number | "Call";
                            restrictBalance: boolean;
                            valid: boolean;
                        };
                        user: {
                            acceptedInvite: boolean;
                            department: string | null;
                            email: string;
                            firstName: string;
                            firstTime: boolean;
                            id: string;
                            jobTitle: string;
                            name: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phoneNumber: string;
                            roles: string[];
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLetterheads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        letterheads: {
                            content_type: string;
                            created_at: string;
                            file_name: string;
                            /** @enum {string} */
                            kind: "primary" | "secondary";
                            path: string;
                            size: number;
                            /** @enum {string} */
                            type: "pdf" | "image";
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLetterheadsByKind: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                kind: "primary" | "secondary";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content_type: string;
                        created_at: string;
                        file_name: string;
                        /** @enum {string} */
                        kind: "primary" | "secondary";
                        path: string;
                        size: number;
                        /** @enum {string} */
                        type: "pdf" | "image";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLetterheadsByKind: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                kind: "primary" | "secondary";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        kind: "primary" | "secondary";
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLetterheadsByKindFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                kind: "primary" | "secondary";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The letterhead as uploaded */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                    "image/jpeg": Blob;
                    "image/png": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLetters: {
        parameters: {
            query?: {
                "filter.creation_date"?: string | string[];
                "filter.creator"?: string | string[];
                "filter.status"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all" | "new" | "scheduled" | "sent" | "failed" | "trash";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        counts: {
                            all: number;
                            failed: number;
                            new: number;
                            scheduled: number;
                            sent: number;
                            trash: number;
                        };
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            address_reset: boolean;
                            address_sheet: boolean;
                            /** @enum {string} */
                            address_source: "text" | "ocr" | "corrected";
                            cloud_synced: boolean;
                            creation_date: string;
                            creator_email: string | null;
                            creator_name: string | null;
                            customer_name: string | null;
                            customer_uuid: string | null;
                            delivered_on: string | null;
                            delivery_channels: string[];
                            display_status: string;
                            /** @enum {string} */
                            document_type: "regular" | "merged";
                            force_status_error: boolean;
                            has_been_posted: boolean;
                            has_thumbnail: boolean;
                            layout: {
                                address: {
                                    height: number;
                                    width: number;
                                    x: number;
                                    y: number;
                                };
                                barcode: {
                                    height: number;
                                    width: number;
                                    x: number;
                                    y: number;
                                } | null;
                                intrusions: {
                                    box: {
                                        height: number;
                                        width: number;
                                        x: number;
                                        y: number;
                                    };
                                    /** @enum {string} */
                                    kind: "date" | "reference" | "return_address" | "salutation" | "text" | "graphic";
                                    text?: string;
                                }[];
                                lines?: {
                                    height: number;
                                    width: number;
                                    x: number;
                                    y: number;
                                }[];
                                outside?: {
                                    by: number;
                                    line: string;
                                    /** @enum {string} */
                                    side: "top" | "bottom" | "left" | "right";
                                }[];
                                resetOffered?: boolean;
                                window: {
                                    height: number;
                                    width: number;
                                    x: number;
                                    y: number;
                                };
                            } | null;
                            mark_for_deletion: boolean;
                            name: string;
                            num_pages: number | null;
                            ocr_confidence: number | null;
                            parent_uuid: string | null;
                            postcode: string | null;
                            processed: boolean;
                            recipient_address_snapshot: string[] | null;
                            recipient_name_snapshot: string | null;
                            /** @enum {string} */
                            source_type: "pdf" | "docx";
                            split_count: number | null;
                            split_status: ("proposing" | "proposed" | "splitting" | "split" | "failed") | null;
                            status: string;
                            status_reason: string | null;
                            successful_delivery_channels: string[];
                            test_mode: boolean;
                            unsuccessful_delivery_channels: string[];
                            uuid: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        address_reset: boolean;
                        address_sheet: boolean;
                        /** @enum {string} */
                        address_source: "text" | "ocr" | "corrected";
                        cloud_synced: boolean;
                        cloud_syncs: {
                            provider: string;
                            reason: string | null;
                            remote_path: string | null;
                            /** @enum {string} */
                            status: "pending" | "synced" | "failed";
                            synced_at: string | null;
                        }[];
                        creation_date: string;
                        creator_email: string | null;
                        creator_name: string | null;
                        customer_name: string | null;
                        customer_uuid: string | null;
                        delivered_on: string | null;
                        delivery_channels: string[];
                        display_status: string;
                        /** @enum {string} */
                        document_type: "regular" | "merged";
                        force_status_error: boolean;
                        has_been_posted: boolean;
                        has_thumbnail: boolean;
                        layout: {
                            address: {
                                height: number;
                                width: number;
                                x: number;
                                y: number;
                            };
                            barcode: {
                                height: number;
                                width: number;
                                x: number;
                                y: number;
                            } | null;
                            intrusions: {
                                box: {
                                    height: number;
                                    width: number;
                                    x: number;
                                    y: number;
                                };
                                /** @enum {string} */
                                kind: "date" | "reference" | "return_address" | "salutation" | "text" | "graphic";
                                text?: string;
                            }[];
                            lines?: {
                                height: number;
                                width: number;
                                x: number;
                                y: number;
                            }[];
                            outside?: {
                                by: number;
                                line: string;
                                /** @enum {string} */
                                side: "top" | "bottom" | "left" | "right";
                            }[];
                            resetOffered?: boolean;
                            window: {
                                height: number;
                                width: number;
                                x: number;
                                y: number;
                            };
                        } | null;
                        mark_for_deletion: boolean;
                        name: string;
                        num_pages: number | null;
                        ocr_confidence: number | null;
                        parent_uuid: string | null;
                        postcode: string | null;
                        processed: boolean;
                        recipient_address_snapshot: string[] | null;
                        recipient_name_snapshot: string | null;
                        /** @enum {string} */
                        source_type: "pdf" | "docx";
                        split_count: number | null;
                        split_status: ("proposing" | "proposed" | "splitting" | "split" | "failed") | null;
                        status: string;
                        status_reason: string | null;
                        successful_delivery_channels: string[];
                        test_mode: boolean;
                        unsuccessful_delivery_channels: string[];
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersByIdAddressReset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "Analysing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLettersByIdAddressReset: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "Analysing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersByIdAddressSheet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "Analysing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLettersByIdAddressSheet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "Analysing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteLettersByIdCloudLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        revoked: number;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putLettersByIdCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer_uuid: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer_name: string | null;
                        customer_uuid: string | null;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersByIdCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default [] */
                    communications_preference?: ("Mail" | "Email" | "SMS" | "Cloud storage")[];
                    /** @default  */
                    email?: string;
                    /** @default  */
                    phone?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        customer_name: string | null;
                        customer_uuid: string | null;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered_on: string | null;
                        delivery: {
                            channels: {
                                /** @enum {string} */
                                channel: "mail" | "email" | "sms" | "cloud_link" | "cloud_storage";
                                cloud_link: {
                                    expires_at: string;
                                    first_opened_at: string | null;
                                    open_count: number;
                                    revoked_at: string | null;
                                    url: string | null;
                                } | null;
                                price_pence: number;
                                provider_status: string | null;
                                reason: string | null;
                                recipient: string | null;
                                /** @enum {string} */
                                state: "queued" | "handed_over" | "succeeded" | "failed" | "cancelled";
                                tracking: {
                                    events: {
                                        at: string;
                                        description: string;
                                        location: string | null;
                                        status: string;
                                    }[];
                                    number: string | null;
                                    proof_of_delivery_path: string | null;
                                    signature_path: string | null;
                                    signed_at: string | null;
                                    signed_by: string | null;
                                } | null;
                            }[];
                            created_at: string;
                            id: string;
                            options: {
                                email: {
                                    is_cloud_link: boolean;
                                    message: string;
                                    subject: string;
                                } | null;
                                mail: {
                                    country: string | null;
                                    expected_delivery: string | null;
                                    insert: {
                                        id: string;
                                        name: string;
                                        sheets: number;
                                    } | null;
                                    is_colour: boolean;
                                    is_double_sided: boolean;
                                    is_premium: boolean;
                                    /** @enum {string} */
                                    mail_service: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                                    posted_at: string | null;
                                    zone: ("europe" | "world_1" | "world_2" | "world_3") | null;
                                } | null;
                                sms: {
                                    sender_phone_number: string | null;
                                    text: string;
                                } | null;
                            };
                            requested_by: {
                                email: string;
                                name: string;
                            };
                            scheduled_for: string | null;
                            /** @enum {string} */
                            state: "in_review" | "scheduled" | "sending" | "done" | "cancelled" | "denied";
                            total_pence: number;
                        } | null;
                        delivery_channels: string[];
                        has_been_posted: boolean;
                        successful_delivery_channels: string[];
                        unsuccessful_delivery_channels: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdFile: {
        parameters: {
            query?: {
                download?: "0" | "1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The letter */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdHistory: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rows: {
                            at: string;
                            reason: string | null;
                            status: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdMessages: {
        parameters: {
            query?: {
                channel?: "Email" | "SMS" | "Letter" | "Parcel";
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        next_cursor: string | null;
                        rows: {
                            /** @enum {string} */
                            channel: "Email" | "SMS" | "Letter" | "Parcel";
                            id: string;
                            letter_name: string | null;
                            letter_uuid: string | null;
                            parcel_uuid: string | null;
                            price_pence: number;
                            provider_status: string | null;
                            reason: string | null;
                            recipient: string | null;
                            sent_at: string;
                            state: string;
                            status: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        page_count: number | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdProof: {
        parameters: {
            query?: {
                letterhead?: "primary" | "secondary";
                letterhead_placement?: "first_page" | "every_page";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Page 1 with the barcode and the window */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdProofOfDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proof of delivery */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putLettersByIdRecipient: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    lines: string[];
                    name: string;
                    postcode: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** @enum {string} */
                        status: "Analysing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdSignature: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signature */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdSplit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        proposal: {
                            addresses: {
                                page: number;
                                recipient: string;
                            }[];
                            confirmed?: number[];
                            note: string | null;
                            pages: number;
                            starts: {
                                page: number;
                                recipient: string | null;
                                signals: string[];
                            }[];
                        } | null;
                        split_status: ("proposing" | "proposed" | "splitting" | "split" | "failed") | null;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersByIdSplit: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        split_status: "proposing";
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersByIdSplitConfirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    starts: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        split_status: "splitting";
                        starts: number[];
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersByIdThumbnail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The thumbnail */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": Blob;
                };
            };
            /** @description The letter has no thumbnail (yet) */
            204: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersCallbacksPrint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: number;
                    };
                };
            };
        };
    };
    postLettersCallbacksSms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        applied: boolean;
                    };
                };
            };
        };
    };
    postLettersCancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    document_uuid: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersDeletePermanently: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uuids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersDeliver: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cloud_link_expiry_days?: number;
                    email_template_vars?: {
                        [key: string]: string;
                    };
                    insert_id?: string | null;
                    is_cloud_link?: boolean;
                    is_colour?: boolean;
                    is_double_sided?: boolean;
                    is_premium?: boolean;
                    letterhead?: ("primary" | "secondary") | null;
                    /** @enum {string} */
                    letterhead_placement?: "first_page" | "every_page";
                    /** @enum {string} */
                    mail_service?: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                    message_to_recipient?: string;
                    /**
                     * @default [
                     *       "mail"
                     *     ]
                     */
                    preference_overrides?: ("mail" | "email" | "sms" | "cloud_link" | "cloud_storage")[];
                    recipient_email?: string;
                    recipient_phone_number?: string;
                    schedule_time_delay?: number;
                    scheduled_delivery_date_time?: number | null;
                    sender_phone_number?: string;
                    sms_template_vars?: {
                        [key: string]: string;
                    };
                    sms_text?: string;
                    subject?: string;
                    uuid: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery_id: string;
                        message: string;
                        scheduled_for: string | null;
                        /** @enum {string} */
                        state: "sending" | "scheduled" | "in_review";
                        status: string;
                        total_pence: number;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersDeliverBulk: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    insert_id?: string | null;
                    is_colour?: boolean;
                    is_double_sided?: boolean;
                    is_premium?: boolean;
                    /** @enum {string} */
                    mail_service?: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                    /**
                     * @default [
                     *       "mail"
                     *     ]
                     */
                    preference_overrides?: ("mail" | "cloud_link")[];
                    schedule_time_delay?: number;
                    scheduled_delivery_date_time?: number | null;
                    uuids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            message: string;
                            ok: boolean;
                            status: string | null;
                            uuid: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersDeliverBulkQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    insert_id?: string | null;
                    is_colour?: boolean;
                    is_double_sided?: boolean;
                    is_premium?: boolean;
                    /** @enum {string} */
                    mail_service?: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                    /**
                     * @default [
                     *       "mail"
                     *     ]
                     */
                    preference_overrides?: ("mail" | "cloud_link")[];
                    schedule_time_delay?: number;
                    scheduled_delivery_date_time?: number | null;
                    uuids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available_after_pence: number | null;
                        available_pence: number | null;
                        letters: number;
                        refused: {
                            message: string;
                            uuid: string;
                        }[];
                        total_pence: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersDeliverQuote: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cloud_link_expiry_days?: number;
                    email_template_vars?: {
                        [key: string]: string;
                    };
                    insert_id?: string | null;
                    is_cloud_link?: boolean;
                    is_colour?: boolean;
                    is_double_sided?: boolean;
                    is_premium?: boolean;
                    letterhead?: ("primary" | "secondary") | null;
                    /** @enum {string} */
                    letterhead_placement?: "first_page" | "every_page";
                    /** @enum {string} */
                    mail_service?: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                    message_to_recipient?: string;
                    /**
                     * @default [
                     *       "mail"
                     *     ]
                     */
                    preference_overrides?: ("mail" | "email" | "sms" | "cloud_link" | "cloud_storage")[];
                    recipient_email?: string;
                    recipient_phone_number?: string;
                    schedule_time_delay?: number;
                    scheduled_delivery_date_time?: number | null;
                    sender_phone_number?: string;
                    sms_template_vars?: {
                        [key: string]: string;
                    };
                    sms_text?: string;
                    subject?: string;
                    uuid: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        available_after_pence: number | null;
                        available_pence: number | null;
                        channels: {
                            /** @enum {string} */
                            channel: "mail" | "email" | "sms" | "cloud_link" | "cloud_storage";
                            lines: {
                                label: string;
                                pence: number;
                            }[];
                            pence: number;
                        }[];
                        customer: {
                            communications_preference: string[];
                            customer_uuid: string;
                            email: string | null;
                            phone: string | null;
                            recipient: string;
                        } | null;
                        /** @enum {string} */
                        email_kind: "link" | "attachment";
                        mail: {
                            country: string | null;
                            country_name: string | null;
                            disabled: boolean;
                            is_colour: boolean;
                            is_double_sided: boolean;
                            is_premium: boolean;
                            /** @enum {string} */
                            mail_service: "first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked";
                            reason: string | null;
                            services: ("first_class" | "second_class" | "signed_for_first" | "signed_for_second" | "special_delivery" | "international_standard" | "international_tracked")[];
                            zone: ("europe" | "world_1" | "world_2" | "world_3") | null;
                        };
                        sms_link_prefix: string;
                        sms_parts: {
                            characters: number;
                            /** @enum {string} */
                            encoding: "GSM-7" | "UCS-2";
                            parts: number;
                            per_part: number;
                        } | null;
                        template_values: {
                            company: string;
                            letter: string;
                            recipient: string | null;
                        };
                        total_pence: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersFiles: {
        parameters: {
            query?: {
                type?: "regular" | "merged";
            };
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The letter (at most the upload limit)
                     */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status: string;
                        uuid: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchLettersProcessed: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    letter_ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        processed_letters: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersRestore: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uuids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        restored: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getLettersThumbnailsStream: {
        parameters: {
            query?: {
                "filter.creation_date"?: string | string[];
                "filter.creator"?: string | string[];
                "filter.status"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all" | "new" | "scheduled" | "sent" | "failed" | "trash";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events, one JSON message each */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postLettersTrash: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    uuids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        trashed: string[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        abilities: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        account: {
                            currentPlan: string;
                            health: {
                                reason: string | null;
                                status: string;
                            };
                            id: string;
                            name: string;
                            planPrice: number | "Call";
                            restrictBalance: boolean;
                            valid: boolean;
                        };
                        user: {
                            acceptedInvite: boolean;
                            department: string | null;
                            email: string;
                            firstName: string;
                            firstTime: boolean;
                            id: string;
                            jobTitle: string;
                            name: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phoneNumber: string;
                            roles: string[];
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMeListPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        showFailed: boolean;
                        showScheduled: boolean;
                        showSent: boolean;
                        showUploaded: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putMeListPreferences: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    showFailed?: boolean;
                    showScheduled?: boolean;
                    showSent?: boolean;
                    showUploaded?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        showFailed: boolean;
                        showScheduled: boolean;
                        showSent: boolean;
                        showUploaded: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMePassword: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMeProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email_address: string;
                        job_title: string;
                        phone_number: string;
                        user_name: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putMeProfile: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    job_title?: string;
                    phone_number?: string;
                    user_name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email_address: string;
                        job_title: string;
                        message: string;
                        phone_number: string;
                        user_name: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMergeRunsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        analysed: number;
                        created: number;
                        created_at: string;
                        deliver: boolean;
                        finished_at: string | null;
                        id: string;
                        recipients: {
                            letter_id: string | null;
                            letter_status: string | null;
                            name: string;
                            /** @enum {string} */
                            outcome: "waiting" | "created" | "stopped";
                            position: number;
                            reason: string | null;
                        }[];
                        /** @enum {string} */
                        status: "queued" | "running" | "done";
                        stopped: number;
                        template_id: string;
                        template_name: string;
                        total: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMergeTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        templates: {
                            created_at: string;
                            creator_name: string | null;
                            fields: string[];
                            id: string;
                            name: string;
                            size_bytes: number;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMergeTemplates: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        creator_name: string | null;
                        fields: string[];
                        id: string;
                        name: string;
                        size_bytes: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMergeTemplatesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created_at: string;
                        creator_name: string | null;
                        fields: string[];
                        id: string;
                        name: string;
                        size_bytes: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteMergeTemplatesById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMergeTemplatesByIdPreview: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    index: number;
                    recipients: {
                        customer_ids: string[];
                        /** @enum {string} */
                        kind: "customers";
                    } | {
                        communications_preference?: ("Mail" | "Email" | "SMS" | "Cloud storage")[];
                        /** @enum {string} */
                        kind: "filter";
                        search?: string;
                    } | {
                        csv: string;
                        /** @enum {string} */
                        kind: "csv";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        index: number;
                        missing: string[];
                        pdf_base64: string | null;
                        reason: string | null;
                        recipient_name: string;
                        total: number;
                        values: {
                            [key: string]: string;
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postMergeTemplatesByIdSend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default true */
                    deliver?: boolean;
                    recipients: {
                        customer_ids: string[];
                        /** @enum {string} */
                        kind: "customers";
                    } | {
                        communications_preference?: ("Mail" | "Email" | "SMS" | "Cloud storage")[];
                        /** @enum {string} */
                        kind: "filter";
                        search?: string;
                    } | {
                        csv: string;
                        /** @enum {string} */
                        kind: "csv";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        total: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        groups: {
                            details: {
                                approval: {
                                    approval_id: string;
                                    entity_id: string;
                                    entity_type: string;
                                    supervised_user: string;
                                } | null;
                                description: string;
                                highlight: boolean;
                                id: string;
                            }[];
                            from: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotifications: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteNotificationsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotificationsCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getNotificationsStream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-sent events, one JSON message each */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postNotificationsStreamByIdDisconnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcels: {
        parameters: {
            query?: {
                "filter.carrier_name"?: string | string[];
                "filter.status"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            carrier_name: string;
                            carrier_slug: string;
                            collection_date: string;
                            cost: number;
                            cost_text: string;
                            created_at: string;
                            created_by: string;
                            customer_uuid: string | null;
                            delivery_notes: string;
                            destination_address: string;
                            failure_reason: string | null;
                            goods_description: string;
                            goods_value: number;
                            height: number;
                            label_ready: boolean;
                            length: number;
                            may_void: boolean;
                            parcel_uuid: string;
                            pickup_address: string;
                            recipient: {
                                addressLine1: string;
                                addressLine2: string;
                                addressLine3: string;
                                county: string;
                                email?: string;
                                name: string;
                                phoneNumber: string;
                                postcode: string;
                                town: string;
                            };
                            sender: {
                                addressLine1: string;
                                addressLine2: string;
                                addressLine3: string;
                                county: string;
                                email?: string;
                                name: string;
                                phoneNumber: string;
                                postcode: string;
                                town: string;
                            };
                            sender_email: string;
                            service_name: string;
                            shipment_id: string | null;
                            /** @enum {string} */
                            status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                            status_colour: string;
                            tracking_label: string | null;
                            tracking_status: string | null;
                            updated_at: string;
                            weight: number;
                            width: number;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postParcels: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    quote_id: string;
                    service: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carrier_name: string;
                        carrier_slug: string;
                        collection_date: string;
                        cost: number;
                        cost_text: string;
                        created_at: string;
                        created_by: string;
                        customer_uuid: string | null;
                        delivery_notes: string;
                        destination_address: string;
                        failure_reason: string | null;
                        goods_description: string;
                        goods_value: number;
                        height: number;
                        label_ready: boolean;
                        length: number;
                        may_void: boolean;
                        parcel_uuid: string;
                        pickup_address: string;
                        recipient: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender_email: string;
                        service_name: string;
                        shipment_id: string | null;
                        /** @enum {string} */
                        status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                        status_colour: string;
                        tracking_label: string | null;
                        tracking_status: string | null;
                        updated_at: string;
                        weight: number;
                        width: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcelsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carrier_name: string;
                        carrier_slug: string;
                        collection_date: string;
                        cost: number;
                        cost_text: string;
                        created_at: string;
                        created_by: string;
                        customer_uuid: string | null;
                        delivery_notes: string;
                        destination_address: string;
                        failure_reason: string | null;
                        goods_description: string;
                        goods_value: number;
                        height: number;
                        history: {
                            at: string;
                            reason: string | null;
                            /** @enum {string} */
                            status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                        }[];
                        label_ready: boolean;
                        length: number;
                        may_void: boolean;
                        parcel_uuid: string;
                        pickup_address: string;
                        recipient: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender_email: string;
                        service_name: string;
                        shipment_id: string | null;
                        /** @enum {string} */
                        status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                        status_colour: string;
                        tracking: {
                            carrier_message: string;
                            status: string;
                            time: string;
                        }[];
                        tracking_label: string | null;
                        tracking_status: string | null;
                        updated_at: string;
                        weight: number;
                        width: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcelsByIdLabel: {
        parameters: {
            query?: {
                download?: "0" | "1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The label */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": Blob;
                };
            };
            /** @description The label is not ready yet */
            204: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postParcelsByIdVoid: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carrier_name: string;
                        carrier_slug: string;
                        collection_date: string;
                        cost: number;
                        cost_text: string;
                        created_at: string;
                        created_by: string;
                        customer_uuid: string | null;
                        delivery_notes: string;
                        destination_address: string;
                        failure_reason: string | null;
                        goods_description: string;
                        goods_value: number;
                        height: number;
                        label_ready: boolean;
                        length: number;
                        may_void: boolean;
                        parcel_uuid: string;
                        pickup_address: string;
                        recipient: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        };
                        sender_email: string;
                        service_name: string;
                        shipment_id: string | null;
                        /** @enum {string} */
                        status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                        status_colour: string;
                        tracking_label: string | null;
                        tracking_status: string | null;
                        updated_at: string;
                        weight: number;
                        width: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service this needs is unavailable for a moment: try again later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcelsDefaults: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carriers: {
                            logo: string;
                            name: string;
                            slug: string;
                        }[];
                        presets: {
                            builtin: boolean;
                            height: number;
                            id?: string;
                            length: number;
                            name: string;
                            weight: number;
                            width: number;
                        }[];
                        sender: {
                            addressLine1: string;
                            addressLine2: string;
                            addressLine3: string;
                            county: string;
                            email?: string;
                            name: string;
                            phoneNumber: string;
                            postcode: string;
                            town: string;
                        } | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcelsDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        draft: {
                            customer_uuid: string | null;
                            details: {
                                collection_date?: string;
                                delivery_notes?: string;
                                goods_description?: string;
                                goods_value?: string | number;
                                height?: string | number;
                                length?: string | number;
                                weight?: string | number;
                                width?: string | number;
                            };
                            recipient: {
                                addressLine1?: string;
                                addressLine2?: string;
                                addressLine3?: string;
                                county?: string;
                                email?: string;
                                name?: string;
                                phoneNumber?: string;
                                postcode?: string;
                                town?: string;
                            };
                            sender: {
                                addressLine1?: string;
                                addressLine2?: string;
                                addressLine3?: string;
                                county?: string;
                                email?: string;
                                name?: string;
                                phoneNumber?: string;
                                postcode?: string;
                                town?: string;
                            };
                            step: number;
                        } | null;
                        updated_at: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putParcelsDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer_uuid: string | null;
                    details: {
                        collection_date?: string;
                        delivery_notes?: string;
                        goods_description?: string;
                        goods_value?: string | number;
                        height?: string | number;
                        length?: string | number;
                        weight?: string | number;
                        width?: string | number;
                    };
                    recipient: {
                        addressLine1?: string;
                        addressLine2?: string;
                        addressLine3?: string;
                        county?: string;
                        email?: string;
                        name?: string;
                        phoneNumber?: string;
                        postcode?: string;
                        town?: string;
                    };
                    sender: {
                        addressLine1?: string;
                        addressLine2?: string;
                        addressLine3?: string;
                        county?: string;
                        email?: string;
                        name?: string;
                        phoneNumber?: string;
                        postcode?: string;
                        town?: string;
                    };
                    step: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        updated_at: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteParcelsDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postParcelsPresets: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    height: number;
                    length: number;
                    name: string;
                    weight: number;
                    width: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        builtin: boolean;
                        height: number;
                        id?: string;
                        length: number;
                        name: string;
                        weight: number;
                        width: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteParcelsPresetsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postParcelsQuotes: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    customer_uuid?: string | null;
                    details: {
                        collection_date: string;
                        delivery_notes?: string;
                        goods_description?: string;
                        goods_value: number | string;
                        height: number | string;
                        length: number | string;
                        weight: number | string;
                        width: number | string;
                    };
                    recipient: {
                        addressLine1: string;
                        addressLine2?: string;
                        addressLine3?: string;
                        county: string;
                        email?: string | "";
                        name: string;
                        phoneNumber: string;
                        postcode: string;
                        town: string;
                    };
                    sender: {
                        addressLine1: string;
                        addressLine2?: string;
                        addressLine3?: string;
                        county: string;
                        email?: string | "";
                        name: string;
                        phoneNumber: string;
                        postcode: string;
                        town: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expires_at: string;
                        quote_id: string;
                        rows: {
                            available: boolean;
                            carrier: string;
                            cost: number | null;
                            cost_text: string | null;
                            cover_text: string;
                            logo: string;
                            reason: string | null;
                            service: string;
                            service_description: string;
                            service_name: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getParcelsTrackByCarrierByShipmentId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                carrier: string;
                shipmentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        carrier_name: string;
                        carrier_slug: string;
                        destination_address: string;
                        parcel_uuid: string;
                        points: {
                            carrier_message: string;
                            status: string;
                            time: string;
                        }[];
                        recipient: string;
                        shipment_id: string;
                        /** @enum {string} */
                        status: "Pending" | "In Review" | "Awaiting Label" | "Confirmed" | "Denied by Supervisor" | "Failed to Create Shipment" | "Cancelled";
                        tracking_label: string | null;
                        tracking_status: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    token: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPasswordResetRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentsSandboxPaymentIntentsByIdConfirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    client_secret: string;
                    /** @default  */
                    payment_method?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        last_payment_error: {
                            code: string;
                            decline_code: string | null;
                            message: string;
                        } | null;
                        status: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            param: string | null;
                            type: string;
                        };
                    };
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            param: string | null;
                            type: string;
                        };
                    };
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentsSandboxPaymentMethods: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    card: {
                        cvc: string;
                        exp_month: number;
                        exp_year: number;
                        number: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        card: {
                            brand: string;
                            last4: string;
                        };
                        id: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            code: string;
                            message: string;
                            param: string | null;
                            type: string;
                        };
                    };
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postPaymentsWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        duplicate: boolean;
                        received: boolean;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlans: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        perks: {
                            description: string;
                            included: boolean;
                        }[];
                        price: number | "Call";
                    }[];
                };
            };
        };
    };
    putPlans: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    plan: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: boolean;
                        message: string;
                        plan: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The balance cannot pay for this (INSUFFICIENT_FUNDS), or the card payment failed. */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPlansCurrent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        health: {
                            reason: string | null;
                            status: string;
                        };
                        owed: number;
                        period_start: string | null;
                        plan: string;
                        price: number | "Call";
                        renews_at: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        abilities: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        account: {
                            currentPlan: string;
                            health: {
                                reason: string | null;
                                status: string;
                            };
                            id: string;
                            name: string;
                            planPrice: number | "Call";
                            restrictBalance: boolean;
                            valid: boolean;
                        };
                        user: {
                            acceptedInvite: boolean;
                            department: string | null;
                            email: string;
                            firstName: string;
                            firstTime: boolean;
                            id: string;
                            jobTitle: string;
                            name: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phoneNumber: string;
                            roles: string[];
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSessions: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    companyName: string;
                    email: string;
                    fullName: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        abilities: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        account: {
                            currentPlan: string;
                            health: {
                                reason: string | null;
                                status: string;
                            };
                            id: string;
                            name: string;
                            planPrice: number | "Call";
                            restrictBalance: boolean;
                            valid: boolean;
                        };
                        user: {
                            acceptedInvite: boolean;
                            department: string | null;
                            email: string;
                            firstName: string;
                            firstTime: boolean;
                            id: string;
                            jobTitle: string;
                            name: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phoneNumber: string;
                            roles: string[];
                        };
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStorageFolders: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    name?: string;
                    parent_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content_type: string | null;
                        creator: {
                            email: string;
                            name: string;
                        } | null;
                        customer_uuid: string | null;
                        document_uuid: string;
                        editable: boolean;
                        ext: string | null;
                        id: string;
                        is_customer: boolean;
                        /** @enum {string} */
                        kind: "customer_folder" | "folder" | "file";
                        letterUUID: string | null;
                        modified: string;
                        name: string;
                        numFiles: number;
                        path: string;
                        size: number;
                        type: ("letter_link" | "pdf" | "image") | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageFoldersById: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        breadcrumb: {
                            id: string;
                            name: string;
                        }[];
                        current_document_metadata: {
                            editable: boolean;
                            id: string;
                            modified: string | null;
                            name: string;
                            numFiles: number;
                            path: string;
                            size: number;
                        };
                        disk_usage: {
                            plan: string;
                            quota_bytes: number;
                            reserved_bytes: number;
                            used_bytes: number;
                        };
                        folder: {
                            editable: boolean;
                            id: string;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            name: string;
                        };
                        items: {
                            content_type: string | null;
                            creator: {
                                email: string;
                                name: string;
                            } | null;
                            customer_uuid: string | null;
                            document_uuid: string;
                            editable: boolean;
                            ext: string | null;
                            id: string;
                            is_customer: boolean;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            letterUUID: string | null;
                            modified: string;
                            name: string;
                            numFiles: number;
                            path: string;
                            size: number;
                            type: ("letter_link" | "pdf" | "image") | null;
                        }[];
                        next: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStorageFoldersByIdFiles: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content_type: string | null;
                        creator: {
                            email: string;
                            name: string;
                        } | null;
                        customer_uuid: string | null;
                        document_uuid: string;
                        editable: boolean;
                        ext: string | null;
                        id: string;
                        is_customer: boolean;
                        /** @enum {string} */
                        kind: "customer_folder" | "folder" | "file";
                        letterUUID: string | null;
                        modified: string;
                        name: string;
                        numFiles: number;
                        path: string;
                        size: number;
                        type: ("letter_link" | "pdf" | "image") | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request needs a Content-Length. */
            411: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company’s storage is full. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStorageItemsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchStorageItemsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        content_type: string | null;
                        creator: {
                            email: string;
                            name: string;
                        } | null;
                        customer_uuid: string | null;
                        document_uuid: string;
                        editable: boolean;
                        ext: string | null;
                        id: string;
                        is_customer: boolean;
                        /** @enum {string} */
                        kind: "customer_folder" | "folder" | "file";
                        letterUUID: string | null;
                        modified: string;
                        name: string;
                        numFiles: number;
                        path: string;
                        size: number;
                        type: ("letter_link" | "pdf" | "image") | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageItemsByIdFile: {
        parameters: {
            query?: {
                download?: "0" | "1";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file, in the type it was stored with */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The part of the file the Range header asked for */
            206: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStorageItemsDelete: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    ids: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deleted: string[];
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageTreeById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        nodes: {
                            has_children: boolean;
                            id: string;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            name: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postStorageUploads: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    file_name: string;
                    folder_id: string;
                    size: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunk_size: number;
                        item: {
                            content_type: string | null;
                            creator: {
                                email: string;
                                name: string;
                            } | null;
                            customer_uuid: string | null;
                            document_uuid: string;
                            editable: boolean;
                            ext: string | null;
                            id: string;
                            is_customer: boolean;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            letterUUID: string | null;
                            modified: string;
                            name: string;
                            numFiles: number;
                            path: string;
                            size: number;
                            type: ("letter_link" | "pdf" | "image") | null;
                        } | null;
                        name: string;
                        offset: number;
                        renamed: boolean;
                        size: number;
                        upload_id: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body or the file is too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The company’s storage is full. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageUploadsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        chunk_size: number;
                        item: {
                            content_type: string | null;
                            creator: {
                                email: string;
                                name: string;
                            } | null;
                            customer_uuid: string | null;
                            document_uuid: string;
                            editable: boolean;
                            ext: string | null;
                            id: string;
                            is_customer: boolean;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            letterUUID: string | null;
                            modified: string;
                            name: string;
                            numFiles: number;
                            path: string;
                            size: number;
                            type: ("letter_link" | "pdf" | "image") | null;
                        } | null;
                        name: string;
                        offset: number;
                        size: number;
                        upload_id: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteStorageUploadsById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        upload_id: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putStorageUploadsByIdChunksByN: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
                n: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": Blob;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        offset: number;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        item: {
                            content_type: string | null;
                            creator: {
                                email: string;
                                name: string;
                            } | null;
                            customer_uuid: string | null;
                            document_uuid: string;
                            editable: boolean;
                            ext: string | null;
                            id: string;
                            is_customer: boolean;
                            /** @enum {string} */
                            kind: "customer_folder" | "folder" | "file";
                            letterUUID: string | null;
                            modified: string;
                            name: string;
                            numFiles: number;
                            path: string;
                            size: number;
                            type: ("letter_link" | "pdf" | "image") | null;
                        };
                        offset: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request needs a Content-Length. */
            411: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file’s type (told by its content) is not one this route takes. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getStorageUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        plan: string;
                        quota_bytes: number;
                        reserved_bytes: number;
                        used_bytes: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsers: {
        parameters: {
            query?: {
                "filter.accepted_invite"?: string | string[];
                "filter.department"?: string | string[];
                "filter.role"?: string | string[];
                limit?: "5" | "10" | "25" | "50" | "100" | "all";
                page?: number;
                search?: string;
                tab?: "all" | "pending";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        count: number;
                        filter_options: {
                            [key: string]: string[];
                        };
                        rows: {
                            accepted_invite: boolean;
                            approvals: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            created_at: string;
                            department: string | null;
                            email_address: string;
                            id: string;
                            is_owner: boolean;
                            is_self: boolean;
                            job_title: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phone_number: string;
                            roles: string[];
                            supervised_departments: string[];
                            user_name: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postUsers: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approvals?: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    /** @default null */
                    department?: string | null;
                    email_address: string;
                    permissions: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    roles?: string[];
                    /** @default [] */
                    supervised_departments?: string[];
                    user_name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: {
                            accepted_invite: boolean;
                            approvals: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            created_at: string;
                            department: string | null;
                            email_address: string;
                            id: string;
                            is_owner: boolean;
                            is_self: boolean;
                            job_title: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phone_number: string;
                            roles: string[];
                            supervised_departments: string[];
                            user_name: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        message: string;
                        /** @enum {string} */
                        status: "In Review";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted_invite: boolean;
                        approvals: {
                            administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        };
                        created_at: string;
                        department: string | null;
                        email_address: string;
                        id: string;
                        is_owner: boolean;
                        is_self: boolean;
                        job_title: string;
                        permissions: {
                            administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                        };
                        phone_number: string;
                        roles: string[];
                        supervised_departments: string[];
                        user_name: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    approvals?: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    /** @default null */
                    department?: string | null;
                    permissions: {
                        administrative?: string[];
                        observable?: string[];
                        operational?: string[];
                    };
                    roles?: string[];
                    /** @default [] */
                    supervised_departments?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        user: {
                            accepted_invite: boolean;
                            approvals: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            created_at: string;
                            department: string | null;
                            email_address: string;
                            id: string;
                            is_owner: boolean;
                            is_self: boolean;
                            job_title: string;
                            permissions: {
                                administrative?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                observable?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                                operational?: ("create_letter" | "create_parcel" | "send_letter" | "delete_letter" | "manage_letterheads" | "see_letters" | "see_parcels" | "see_recipients" | "see_finances" | "see_history" | "see_users" | "access_storage" | "manage_storage" | "manage_recipients" | "set_spending_cap" | "top_up" | "manage_users" | "manage_company" | "manage_integrations" | "approve" | "edit_company_address" | "manage_account")[];
                            };
                            phone_number: string;
                            roles: string[];
                            supervised_departments: string[];
                            user_name: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        message: string;
                        /** @enum {string} */
                        status: "In Review";
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUsersById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        approval_id: string;
                        message: string;
                        /** @enum {string} */
                        status: "In Review";
                    };
                };
            };
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUsersByIdSpendingCap: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount_spent: number;
                        cap: number;
                        month: string;
                        override_cap: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putUsersByIdSpendingCap: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    cap: number;
                    override_cap: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    /** @description Requests a minute this API key may make (API keys only) */
                    "RateLimit-Limit"?: number;
                    /** @description Of those, what is left in the current minute (API keys only) */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the current minute ends (API keys only) */
                    "RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        amount_spent: number;
                        cap: number;
                        message: string;
                        month: string;
                        override_cap: number;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests (an API key is limited per key and per company): wait the seconds Retry-After says. */
            429: {
                headers: {
                    /** @description Seconds to wait before trying again */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoints: {
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            enabled: boolean;
                            events: ("letter.analysed" | "letter.status_changed" | "delivery.channel_updated" | "parcel.status_changed" | "payment.succeeded" | "balance.low" | "approval.requested" | "approval.decided")[];
                            failing_since: string | null;
                            id: string;
                            url: string;
                        }[];
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWebhooks: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    events: string[];
                    url: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: {
                            created_at: string;
                            disabled_at: string | null;
                            disabled_reason: string | null;
                            enabled: boolean;
                            events: ("letter.analysed" | "letter.status_changed" | "delivery.channel_updated" | "parcel.status_changed" | "payment.succeeded" | "balance.low" | "approval.requested" | "approval.decided")[];
                            failing_since: string | null;
                            id: string;
                            url: string;
                        };
                        /** @description whsec_<base64> */
                        secret: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhooksById: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            204: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWebhooksByIdAttempts: {
        parameters: {
            query?: {
                before?: string;
                limit?: number;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: {
                            attempt: number;
                            attempted_at: string;
                            delivery_id: string;
                            /** @enum {string} */
                            delivery_status: "pending" | "delivered" | "failed";
                            duration_ms: number;
                            error: string | null;
                            event_id: string;
                            event_type: string;
                            id: string;
                            manual: boolean;
                            next_attempt_at: string | null;
                            status_code: number | null;
                        }[];
                        next_before: string | null;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWebhooksByIdDeliveriesByDeliveryIdResend: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                deliveryId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    postWebhooksByIdEnable: {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same body within 24 hours answers the first answer again (with Idempotent-Replayed: true) and does nothing twice. Keys are per company; 1-255 visible ASCII characters, a UUID per operation. */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description Present when this is the stored answer of an earlier request with the same Idempotency-Key. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description The request could not be read: a body that is not valid JSON, or a session cookie and an API key together. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No valid session or API key (missing, malformed, revoked or expired). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not allowed: the member or the key lacks a permission, the CSRF token is missing or wrong, or an API key called a route for people only. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not found, or not visible to the caller (another company’s id answers 404 too). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A conflict with the current state; or a request with the same Idempotency-Key is still running (IDEMPOTENCY_KEY_IN_USE) or did its work but lost its answer (IDEMPOTENT_ANSWER_LOST). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A field is not valid (`fields` names each one); or the Idempotency-Key was used for another request (IDEMPOTENCY_KEY_REUSED). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    webhookApprovalDecided: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description ISO 8601 date-time (UTC) */
                        decided_at: string;
                        decided_by: string;
                        entity_id: string;
                        entity_type: string;
                        id: string;
                        task: string;
                        /** @enum {string} */
                        verdict: "approve" | "deny";
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "approval.decided";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookApprovalRequested: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description ISO 8601 date-time (UTC) */
                        created_at: string;
                        entity_id: string;
                        entity_type: string;
                        id: string;
                        /** @description Who asked (a person, or "API key 'ERP' of Jane Smith") */
                        requested_by: string;
                        /** @description The permission the request needs a supervisor for */
                        task: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "approval.requested";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookBalanceLow: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description Balance minus what holds reserve */
                        available_pence: number;
                        balance_pence: number;
                        held_pence: number;
                        /** @description The mark it fell below (LOW_BALANCE_PENCE, £10) */
                        threshold_pence: number;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "balance.low";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookDeliveryChannelUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @enum {string} */
                        channel: "mail" | "email" | "sms" | "cloud_link" | "cloud_storage";
                        delivery_id: string;
                        letter_id: string;
                        /** @description The provider's own status (printing, handed_over, delivered...) */
                        provider_status: string | null;
                        /** @description Why the channel failed, when it did */
                        reason: string | null;
                        /** @enum {string} */
                        state: "queued" | "handed_over" | "succeeded" | "failed" | "cancelled";
                        /** @description ISO 8601 date-time (UTC) */
                        updated_at: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "delivery.channel_updated";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookLetterAnalysed: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description ISO 8601 date-time (UTC) */
                        created_at: string;
                        delivery_channels: string[];
                        document_type: string;
                        id: string;
                        /** @description The file name the letter was uploaded with */
                        name: string;
                        num_pages: number | null;
                        /** @description Who the analysis read the letter is for; null until known */
                        recipient: {
                            address_lines: string[];
                            name: string;
                            postcode: string | null;
                        } | null;
                        /** @description The letter status, as GET /api/letters/{id} answers it */
                        status: string;
                        status_reason: string | null;
                        successful_delivery_channels: string[];
                        unsuccessful_delivery_channels: string[];
                        /** @description ISO 8601 date-time (UTC) */
                        updated_at: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "letter.analysed";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookLetterStatusChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        /** @description ISO 8601 date-time (UTC) */
                        created_at: string;
                        delivery_channels: string[];
                        document_type: string;
                        id: string;
                        /** @description The file name the letter was uploaded with */
                        name: string;
                        num_pages: number | null;
                        /** @description The status before this change */
                        previous_status: string;
                        /** @description Who the analysis read the letter is for; null until known */
                        recipient: {
                            address_lines: string[];
                            name: string;
                            postcode: string | null;
                        } | null;
                        /** @description The letter status, as GET /api/letters/{id} answers it */
                        status: string;
                        status_reason: string | null;
                        successful_delivery_channels: string[];
                        unsuccessful_delivery_channels: string[];
                        /** @description ISO 8601 date-time (UTC) */
                        updated_at: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "letter.status_changed";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookParcelStatusChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        carrier: string;
                        /** @description YYYY-MM-DD */
                        collection_date: string;
                        cost_pence: number;
                        /** @description ISO 8601 date-time (UTC) */
                        created_at: string;
                        id: string;
                        previous_status: string;
                        recipient_name: string;
                        recipient_postcode: string;
                        service: string;
                        /** @description The carrier's shipment (tracking) number, once booked */
                        shipment_id: string | null;
                        status: string;
                        tracking_status: string | null;
                        /** @description ISO 8601 date-time (UTC) */
                        updated_at: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "parcel.status_changed";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    webhookPaymentSucceeded: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id; de-duplicate on it (a retry sends the same one). */
                "webhook-id": string;
                /** @description v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>" keyed with the base64-decoded part of the secret after whsec_> */
                "webhook-signature": string;
                /** @description Unix seconds when this attempt was signed; refuse one far from now. */
                "webhook-timestamp": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        amount_pence: number;
                        /** @description The balance after the credit */
                        balance_pence: number;
                        /** @description ISO 8601 date-time (UTC) */
                        created_at: string;
                        /** @constant */
                        currency: "gbp";
                        payment_intent_id: string;
                        /** @description The ledger entry of the credit (GET /api/finances/transactions) */
                        transaction_id: string;
                    };
                    /** @description The event id (evt_…), also the webhook-id header: the same on every retry */
                    id: string;
                    /** @description When the event happened (ISO 8601, UTC) */
                    timestamp: string;
                    /** @constant */
                    type: "payment.succeeded";
                };
            };
        };
        responses: {
            /** @description Received (any 2xx). Anything else, or no answer within 10 s, is retried. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The signature or timestamp did not verify: the event is retried, then the endpoint switched off. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
