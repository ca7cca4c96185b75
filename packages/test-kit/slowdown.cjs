// @ts-check
/**
 * The one slowdown factor every test timeout is derived from. CI and laptops are not idle: on a
 * loaded 2-core machine a real server, a build or a browser page can take several times longer.
 * TEST_SLOWDOWN overrides it (e.g. TEST_SLOWDOWN=4 while another process loads both cores).
 */
const given = Number(process.env.TEST_SLOWDOWN);
const SLOWDOWN = Number.isFinite(given) && given >= 1 ? given : process.env.CI ? 2 : 1;

/** A timeout in milliseconds, scaled by the slowdown factor. */
function scaled(/** @type {number} */ ms) {
  return Math.round(ms * SLOWDOWN);
}

module.exports = { SLOWDOWN, scaled };
