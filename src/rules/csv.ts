/**
 * Writing CSV cells (RFC 4180, LF line ends): one place for every CSV the bot writes.
 */

/** Quotes a cell only when it must: a comma, a quote, a line break, or spaces a reader would trim. */
export function csvQuote(cell: string): string {
  return /[",\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A plain number (a negative balance, say) is a number to a spreadsheet, never a formula. */
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/**
 * A cell of a CSV meant to be opened in a spreadsheet (the ledger): text that begins with `=`,
 * `+`, `-` or `@` (or a tab or carriage return) gets a leading `'`, so a player named
 * `=HYPERLINK(…)` is shown as text and never run as a formula; then it is quoted as needed.
 */
export function spreadsheetCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  return csvQuote(FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text);
}
