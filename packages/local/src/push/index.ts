export { pushSite, pushRecords, parseHost, PushError, ADMIN_KEY_VARIABLE, type PushOptions, type PushRecordsOptions, type PushReport } from './push.js';
export { pushSettings, settingsDiffer, metaAttributes, type PushSettings } from './settings.js';
export { toPushRecords, contentHash, type PushRecord } from './records.js';
export { chooseBatchSize, MAX_BATCH_BYTES, MAX_BATCH_RECORDS } from './batches.js';
export { retryingRequester, type RetryOptions } from './transport.js';
export { pushHint, pushCommand, firstIndexName, type PushHintOptions, type PushHintConfigShape } from './hint.js';
