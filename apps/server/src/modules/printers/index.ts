// The printers module's public surface: what other modules may use of it. Other modules import
// from here (or from its *.service.ts files), never from its *.repo.ts or presenters.
export {
  findPrinterByCode,
  findPrinterById,
  setPrinterAgentSecret,
  updatePrinterAgent,
} from './printers.repo';
export { addMonthlyCounts, addMonthlyUser, claimUsageReport, monthOf } from './printer-stats.repo';
