/** The promise-based WebExtension API, typed; every extension module imports it from here. */
// @ts-types="@types/webextension-polyfill"
import browser from "webextension-polyfill";

export default browser;
