// The letter texts live in @lp/domain (shared with the server); re-exported for the screens.
export { LETTER_MESSAGES, UPLOAD_MAX_MB as MAX_UPLOAD_MB } from '@lp/domain';
