// The `mrtr` transform: push-style server->client requests -> Multi Round-Trip Requests (see README.md).
export { auditFiles, type AuditFilesOptions, type FilePlan } from './auditFiles.js';
export { TRANSFORM_ID } from './constants.js';
export { mayHoldSite } from './prefilter.js';
