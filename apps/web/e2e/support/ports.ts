import { e2ePorts } from '../ports';

/** The run's ports (e2e/ports.ts): the main server, the security suite's server, its scripted fake model and the test clocks. */
export const PORTS = e2ePorts();

/** The main e2e server's origin (the offline coach): what the browser uses and what its Origin check allows. */
export const APP_ORIGIN = `http://localhost:${PORTS.app}`;
/** The security suite's server (a scripted fake model is its coach). */
export const SECURITY_ORIGIN = `http://localhost:${PORTS.security}`;
