// The mail module's public surface for other modules (templates and the send job are imported
// from their own files; the repo stays private).
export { listMailLog } from './mail.repo';
