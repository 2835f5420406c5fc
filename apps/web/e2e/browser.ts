// Which Chromium the e2e run drives. Browsers are never downloaded: Debian's own builds are used.
//
// Debian builds two programs from its Chromium: `chromium`, the whole browser, and `chromium-headless-shell`,
// the same engine (Blink, V8, the network service) without the desktop browser around it. Playwright documents
// the headless shell as what it runs for headless Chromium. Here it did the axe table's 80 screens in 3.8 min
// against 4.7–5.3 min, with about 40 % less CPU (decision 033). The suite prefers it when it is installed and
// falls back to the whole browser; CHROMIUM_PATH overrides both.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const BROWSER = '/usr/bin/chromium';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER);

/**
 * The whole browser, for the few specs that need what the headless shell leaves out: it reports browser
 * notifications as blocked even once they are granted.
 */
export const WHOLE_CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? BROWSER;

/** Switches for every launch: no sandbox (containers run as root), no GPU, nothing fetched in the background. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
