/**
 * The agent's side of a multifunction device (issue 16): copying and scanning with ID + PIN.
 * The scanner and the panel sit behind interfaces (types.ts) so a vendor integration can replace
 * the standard ones: the eSCL client and the panel gateway's local HTTP API.
 */
export { EsclScanner, parseEsclCapabilities, scanSettingsXml } from './escl-client.js';
export type { TEsclCapabilities, TEsclOptions, TEsclSourceCaps } from './escl-client.js';
export {
  DEFAULT_PANEL_LISTEN,
  PANEL_KEY_HEADER,
  PanelGateway,
  SCAN_UPLOAD_ID_HEADER,
  isLoopbackHost,
  parseListen,
} from './panel-gateway.js';
export type { TPanelGatewayOptions, TPanelLog } from './panel-gateway.js';
export { ScanError } from './types.js';
export type {
  TDeviceLink,
  TDeviceScanner,
  TScanFailure,
  TScanRequest,
  TScanResult,
  TUsageAck,
} from './types.js';
export { MAX_USAGE_REPORTS, UsageJournal } from './usage-journal.js';
export type { TBadUsageEntry } from './usage-journal.js';
