// @ts-check
/* global __react_refresh_library__ */
/**
 * `react-refresh/runtime` as every app's dev build sees it (create-config.js swaps it in): one
 * runtime per page, the copy of whichever app starts first (the host under the host's dev server).
 *
 * Each app bundles its own copy of React Refresh, but React DOM is shared and joins the runtime
 * that was already listening when it loaded. A remote's copy, loaded later with its first page,
 * never saw React DOM: its hot updates applied ("[HMR] Updated modules") and the page did not
 * change. One runtime also keeps one table of component versions, so a host edit and a remote
 * edit never undo each other.
 */
// @ts-expect-error -- react-refresh ships no types: Runtime below is the part of it in use
import * as untypedRuntime from 'react-refresh';

/**
 * @typedef {{
 *   injectIntoGlobalHook(globalObject: object): void,
 *   register(type: unknown, id: string): void,
 *   createSignatureFunctionForTransform(): unknown,
 *   getFamilyByType(type: unknown): unknown,
 *   isLikelyComponentType(type: unknown): boolean,
 *   performReactRefresh(): unknown,
 * }} Runtime
 */
const ownRuntime = /** @type {Runtime} */ (untypedRuntime);

const scope = /** @type {{ __kloofReactRefresh?: { runtime: Runtime, injected: boolean } }} */ (globalThis);
const page = (scope.__kloofReactRefresh ??= { runtime: ownRuntime, injected: false });
const { runtime } = page;

/** Component ids are "<module id> <name>" and module ids are paths inside one app: the app's name goes first. */
// @ts-expect-error -- the app's name, defined by ReactRefreshRspackPlugin
const app = /** @type {string} */ (__react_refresh_library__);

/** @param {object} globalObject */
export function injectIntoGlobalHook(globalObject) {
  if (page.injected) return;
  page.injected = true;
  runtime.injectIntoGlobalHook(globalObject);
}

/** @param {unknown} type @param {string} id */
export function register(type, id) {
  runtime.register(type, `${app} ${id}`);
}

// The rest of what the refresh plugin's client uses, from the page's runtime.
export const createSignatureFunctionForTransform = () => runtime.createSignatureFunctionForTransform();
/** @param {unknown} type */
export const getFamilyByType = (type) => runtime.getFamilyByType(type);
/** @param {unknown} type */
export const isLikelyComponentType = (type) => runtime.isLikelyComponentType(type);
export const performReactRefresh = () => runtime.performReactRefresh();
