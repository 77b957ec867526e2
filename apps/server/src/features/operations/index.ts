/** The operations area's public API for other areas (the demo seed makes its sample reports through it). */
export { save as saveReport } from './reports/service.js';
export { close } from './reports/closing.js';
export { saveCampo } from './report-config/service.js';
export { sign as signReport } from './reports/signature.js';
export { saveContract } from './contracts/save.js';
export { ceaseContract } from './contracts/lifecycle.js';
export { reportFromOccurrence } from './activities/schedule.js';
export { runRenewal } from './activities/index.js';
export { saveAppointment, saveTodo } from './schedule/service.js';
export {
  accountingDocument,
  reportsCompletion,
  type AccountingDocument,
  type AccountingLine,
} from './reports/accounting-document.js';
