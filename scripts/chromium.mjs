// The Chromium the browser tests and Lighthouse drive: CHROMIUM_PATH when it is set, else the system's
// (Debian's package installs /usr/bin/chromium), else the headless Chromium that the @sparticuz/chromium
// package ships inside itself. That package is unpacked from the npm registry like any other, so a fresh
// machine needs no browser download and no system package to run every test.
import fs from 'node:fs';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function isProgram(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The path of the Chromium to use; unpacks the packaged one (to the temporary folder) on first use. */
export async function chromiumPath() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (!isProgram(configured)) throw new Error(`CHROMIUM_PATH is ${configured}, which is not a program`);
    return configured;
  }
  if (isProgram(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
