/**
 * Money and numbers as the interface language writes them: the contract's formatting (decision
 * 0038), one definition for the web, the server and the PDFs — `2.450,00 €` in Italian, `€2,450.00`
 * in English, always grouped, decimal strings of the API formatted exactly.
 */
export { formatBytes, formatCents, formatCount, formatDecimal, formatMoney } from '@fs/contract';
