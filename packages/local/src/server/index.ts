export { startServer, DEFAULT_APP_ID, DEFAULT_API_KEY, type StartServerOptions, type LocalSearchServer, type ServedIndex } from './server.js';
export { FaultInjector, validateFaults, type FaultOptions } from './faults.js';
